import type { ScanAnswer } from './edge.js';
import { edgePageHtml, escapeHtml } from './edge-page.js';
import { GATE_COOKIE } from './password-gate.cookie.js';

/**
 * The password form: plain HTML that works without script under our CSP (its own, stricter, is
 * sent with it, since the raw listener answers without Fastify's hooks). It names the code's
 * title when it has one and never its target.
 */

/** Why the form is shown again. */
export type GateProblem = 'wrong' | 'missing' | 'too_many';

const MESSAGES: Record<GateProblem, string> = {
  wrong: 'That password is not right. Try again.',
  missing: 'Enter the password to continue.',
  too_many: 'Too many wrong passwords. Wait a few minutes, then try again.',
};

// The form posts to this URL, which answers a 303 to the target: browsers hold that redirect to
// form-action too (Chromium blocked every target of another origin), so http(s) targets are allowed.
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'";

const FORM_STYLE = `main{max-width:24rem;width:100%;padding:2rem;box-sizing:border-box}h1{font-size:1.5rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #606770;border-radius:4px}
button{font:inherit;margin-top:1rem;padding:.5rem 1.25rem;border:0;border-radius:4px;background:#1c5fb8;color:#fff;cursor:pointer}
input:focus,button:focus{outline:3px solid #f5a623;outline-offset:2px}.problem{color:#b3261e;font-weight:600}`;

/**
 * What each answer of the gate is. The form is a page (200), like any sign-in page; a wrong
 * password keeps 401 (the password was refused) and so carries a challenge, as RFC 9110 asks of
 * every 401; the others stay what they are (400 nothing entered, 429 too many wrong).
 */
export type GateAnswer =
  | { kind: 'form' }
  | { kind: 'wrong'; path: string }
  | { kind: 'missing' }
  | { kind: 'too_many'; retryAfterSeconds: number };

const STATUS: Record<GateAnswer['kind'], number> = { form: 200, wrong: 401, missing: 400, too_many: 429 };

/**
 * No registered HTTP authentication scheme describes an HTML form; the "Cookie" scheme of
 * draft-broyer-http-cookie-auth does (where to post, which cookie comes back). Browsers do not
 * know it, so they show the page and raise no dialog of their own; a client that does learns how
 * to get in.
 */
export function gateChallenge(path: string): string {
  const quoted = `"${path.replace(/["\\]/g, '\\$&')}"`;
  return `Cookie realm=${quoted}, form-action=${quoted}, cookie-name=${GATE_COOKIE}`;
}

export function gatePage(answer: GateAnswer, title?: string | null): ScanAnswer {
  const heading = title || 'This link is protected';
  const problem = answer.kind === 'form' ? undefined : MESSAGES[answer.kind];
  const invalid = problem ? ' aria-invalid="true" aria-describedby="problem"' : '';
  const page = edgePageHtml({
    title: `Password required | ${heading}`,
    heading,
    style: FORM_STYLE,
    noindex: true,
    bodyHtml: `<p>The QR code you scanned needs a password before it sends you on.</p>
${problem ? `<p id="problem" class="problem" role="alert">${escapeHtml(problem)}</p>\n` : ''}<form method="post">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${invalid}>
<button type="submit">Continue</button>
</form>`,
  });
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(page)),
    'cache-control': 'no-store, private',
    'content-security-policy': POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
  };
  if (answer.kind === 'too_many') headers['retry-after'] = String(answer.retryAfterSeconds);
  if (answer.kind === 'wrong') headers['www-authenticate'] = gateChallenge(answer.path);
  return { status: STATUS[answer.kind], headers, body: page };
}
