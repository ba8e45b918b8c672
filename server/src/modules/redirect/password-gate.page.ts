import type { ScanAnswer } from './edge.js';

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

const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function gatePage(options: {
  title?: string | null;
  problem?: GateProblem;
  status: number;
  retryAfterSeconds?: number;
}): ScanAnswer {
  const heading = options.title ? escapeHtml(options.title) : 'This link is protected';
  const problem = options.problem ? MESSAGES[options.problem] : undefined;
  const invalid = problem ? ' aria-invalid="true" aria-describedby="problem"' : '';
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Password required | ${heading}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c1e21;background:#fff}
main{max-width:24rem;width:100%;padding:2rem;box-sizing:border-box}h1{font-size:1.5rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #606770;border-radius:4px}
button{font:inherit;margin-top:1rem;padding:.5rem 1.25rem;border:0;border-radius:4px;background:#1c5fb8;color:#fff;cursor:pointer}
input:focus,button:focus{outline:3px solid #f5a623;outline-offset:2px}.problem{color:#b3261e;font-weight:600}</style></head>
<body><main><h1>${heading}</h1><p>The QR code you scanned needs a password before it sends you on.</p>
${problem ? `<p id="problem" class="problem" role="alert">${problem}</p>\n` : ''}<form method="post">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${invalid}>
<button type="submit">Continue</button>
</form></main></body></html>`;
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(page)),
    'cache-control': 'no-store, private',
    'content-security-policy': POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
  };
  if (options.retryAfterSeconds !== undefined) headers['retry-after'] = String(options.retryAfterSeconds);
  return { status: options.status, headers, body: page };
}
