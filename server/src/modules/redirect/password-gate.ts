import type { Readable } from 'node:stream';
import type { EdgeDeps, EdgeRequest, GatePost, ScanAnswer } from './edge.js';
import type { FormGate } from './password-gate.form.js';
import { gateTriesKey } from './password-gate.limiter.js';
import { gatePage } from './password-gate.page.js';
import { EdgeCache } from './redirect.cache.js';

/**
 * The password gate's POST. A GET of a protected code without a pass answers the form
 * (password-gate.form.ts); the form posts the password to the same URL, which, when it is right,
 * sets a pass and sends the scanner on through the normal decision: the scan is recorded (and an
 * exec URL called) then, once, never for the form itself.
 */

/** A form body is a few dozen bytes; anything much larger is no form of ours. */
export const GATE_FORM_MAX_BYTES = 4096;

const METHOD_NOT_ALLOWED: ScanAnswer = {
  status: 405,
  headers: { allow: 'GET, HEAD', 'content-type': 'text/plain', 'content-length': '18' },
  body: 'Method not allowed',
};

/**
 * A POST to a short URL. Only a protected code takes one (its form), or where no code is, a
 * protected GS1 item's compressed URI; for any other code a POST is a 405 and no scan: it must
 * not make an exec URL act or count as a visit.
 */
export async function answerGatePost(
  deps: EdgeDeps,
  gate: FormGate,
  request: EdgeRequest,
  post: GatePost,
  answerScan: (deps: EdgeDeps, request: EdgeRequest) => Promise<ScanAnswer>,
): Promise<ScanAnswer> {
  const code = await deps.codes.get(EdgeCache.key(request.hostKey, request.slug));
  if (!code && deps.unknownSlug) {
    // No code here: the path may be a compressed GS1 Digital Link whose item's form posted back.
    const other = await deps.unknownSlug(request, post);
    if (other) return other;
  }
  if (!code?.enabled || code.mode === 'static') return answerScan(deps, { ...request, method: 'HEAD' });
  const passwordHash = code.controls?.passwordHash;
  if (passwordHash == null) return METHOD_NOT_ALLOWED;
  return answerPasswordPost(gate, { id: code.id, passwordHash }, request.ip, post, deps.now, () =>
    answerScan(deps, { ...request, method: 'GET', unlocked: true }),
  );
}

/**
 * The form's POST for one protected thing (a code, or a GS1 item at its URI): too many wrong tries
 * is a 429, a missing or wrong password the form again; the right one answers `proceed` (the scan
 * past the gate) as a 303 with the pass.
 */
export async function answerPasswordPost(
  gate: FormGate,
  locked: { id: string; passwordHash: string },
  ip: string | undefined,
  post: GatePost,
  now: () => number,
  proceed: () => Promise<ScanAnswer>,
): Promise<ScanAnswer> {
  const triesKey = gateTriesKey(locked.id, ip);
  const waitSeconds = await gate.tries.blockedFor(triesKey);
  if (waitSeconds > 0) {
    return gatePage({ kind: 'too_many', retryAfterSeconds: waitSeconds });
  }
  const password = await passwordOf(post);
  if (password === undefined) return gatePage({ kind: 'missing' });
  if (!(await gate.verify(password, locked.passwordHash))) {
    await gate.tries.wrong(triesKey);
    return gatePage({ kind: 'wrong', path: post.path });
  }
  const answer = await proceed();
  const pass = gate.passes.setCookie(locked, now(), { path: post.path, secure: post.secure });
  return sentOnAfterPost(answer, pass);
}

/**
 * The scan's redirect as an answer to the POST: always a 303, so the browser follows it with a
 * GET (a 307 or 308 would post the password on to the target), carrying the pass. A code that
 * stopped meanwhile (expired, used up) answers its page, and no pass.
 */
function sentOnAfterPost(answer: ScanAnswer, pass: string): ScanAnswer {
  if (answer.status < 300 || answer.status >= 400) return answer;
  const others = answer.headers['set-cookie'];
  const cookies = others === undefined ? pass : [pass, ...[others].flat()];
  // A GS1 item's tie (300) is its list of links: shown as it is, with the pass for the one chosen.
  const status = answer.status === 300 ? 300 : 303;
  return { ...answer, status, headers: { ...answer.headers, 'set-cookie': cookies } };
}

/** The `password` field of an urlencoded form; undefined when missing, empty, or not such a form. */
async function passwordOf(post: GatePost): Promise<string | undefined> {
  const type = post.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return undefined;
  if (Number(post.contentLength) > GATE_FORM_MAX_BYTES) return undefined;
  const text = await readLimited(post.body, GATE_FORM_MAX_BYTES);
  const password = text === undefined ? null : new URLSearchParams(text).get('password');
  return password ? password : undefined;
}

/** The body as text, or undefined once it passes `limit` bytes (the rest is not read). */
async function readLimited(body: Readable, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
