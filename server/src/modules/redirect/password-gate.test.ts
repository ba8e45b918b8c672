import { describe, expect, it } from 'vitest';
import { GATE_COOKIE, GATE_PASS_SECONDS, GatePasses } from './password-gate.cookie.js';
import { GATE_MAX_WRONG, GATE_WINDOW_MS, MemoryGateTries } from './password-gate.limiter.js';
import { gateChallenge, gatePage } from './password-gate.page.js';

const code = { id: 'qr_one', passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA' };
const NOW = Date.UTC(2026, 10, 26, 12);

function passOf(setCookie: string): string {
  return (setCookie.split(';')[0] ?? '').trim();
}

describe('the password gate pass', () => {
  const passes = new GatePasses('server-secret');

  it('is a 12 h HttpOnly, SameSite=Lax cookie on the short URL path, Secure when asked', () => {
    const header = passes.setCookie(code, NOW, { path: '/r/menu', secure: true });
    expect(header).toMatch(new RegExp(`^${GATE_COOKIE}=qr_one\\.\\d+\\.[\\w-]+;`));
    expect(header).toContain(`Max-Age=${GATE_PASS_SECONDS}; Path=/r/menu; HttpOnly; Secure; SameSite=Lax`);
    expect(passes.setCookie(code, NOW, { path: '/menu', secure: false })).not.toContain('Secure');
    // A path cannot smuggle attributes in.
    expect(passes.setCookie(code, NOW, { path: '/a;Domain=evil', secure: false })).toContain(
      'Path=/a%3BDomain=evil;',
    );
  });

  it('admits its code until it expires, among other cookies', () => {
    const pass = passOf(passes.setCookie(code, NOW, { path: '/menu', secure: false }));
    expect(passes.admits(code, `theme=dark; ${pass}; x=1`, NOW)).toBe(true);
    expect(passes.admits(code, pass, NOW + GATE_PASS_SECONDS * 1000 - 1000)).toBe(true);
    expect(passes.admits(code, pass, NOW + GATE_PASS_SECONDS * 1000)).toBe(false);
    expect(passes.admits(code, undefined, NOW)).toBe(false);
  });

  it('admits no other code, no changed password, no other server and no forged pass', () => {
    const pass = passOf(passes.setCookie(code, NOW, { path: '/menu', secure: false }));
    expect(passes.admits({ ...code, id: 'qr_two' }, pass, NOW)).toBe(false);
    expect(passes.admits({ ...code, passwordHash: 'scrypt$other' }, pass, NOW)).toBe(false);
    expect(new GatePasses('another-secret').admits(code, pass, NOW)).toBe(false);
    const [name, value = ''] = pass.split('=');
    const [id, expires, signature = ''] = value.split('.');
    const later = `${name}=${id}.${Number(expires) + 3600}.${signature}`;
    expect(passes.admits(code, later, NOW)).toBe(false);
    expect(passes.admits(code, `${name}=${id}.${expires}.${signature.slice(1)}`, NOW)).toBe(false);
  });
});

describe('the password form', () => {
  it('has a labelled field, no script, and says what went wrong', () => {
    const page = gatePage({ kind: 'wrong', path: '/r/menu' }, 'Menu <b>& drinks</b>');
    const body = page.body ?? '';
    expect(body).toContain('<label for="password">Password</label>');
    expect(body).toContain('id="password" name="password" type="password"');
    expect(body).toContain('aria-invalid="true" aria-describedby="problem"');
    expect(body).toContain('role="alert">That password is not right.');
    expect(body).toContain('Menu &#60;b&#62;&#38; drinks&#60;/b&#62;');
    expect(body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toContain('no-store');
    expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(body));
  });

  it('is a page (200) until a wrong password, whose 401 carries a challenge naming the form', () => {
    const form = gatePage({ kind: 'form' });
    expect([form.status, form.headers['www-authenticate']]).toEqual([200, undefined]);
    const wrong = gatePage({ kind: 'wrong', path: '/r/menu' });
    expect([wrong.status, wrong.headers['www-authenticate']]).toEqual([
      401,
      'Cookie realm="/r/menu", form-action="/r/menu", cookie-name=rq_pass',
    ]);
    expect(gateChallenge('/a"b\\c')).toContain('realm="/a\\"b\\\\c"');
    const locked = gatePage({ kind: 'too_many', retryAfterSeconds: 90 });
    expect([locked.status, locked.headers['retry-after']]).toEqual([429, '90']);
    expect(gatePage({ kind: 'missing' }).status).toBe(400);
    for (const page of [form, wrong, locked]) expect(page.headers['cache-control']).toContain('no-store');
  });
});

describe('counting wrong passwords', () => {
  it(`blocks after ${GATE_MAX_WRONG} wrong tries until the window ends, per key`, async () => {
    let now = NOW;
    const tries = new MemoryGateTries(() => now);
    for (let i = 0; i < GATE_MAX_WRONG - 1; i += 1) await tries.wrong('qr_one:1.2.3.4');
    expect(await tries.blockedFor('qr_one:1.2.3.4')).toBe(0);
    await tries.wrong('qr_one:1.2.3.4');
    expect(await tries.blockedFor('qr_one:1.2.3.4')).toBe(GATE_WINDOW_MS / 1000);
    expect(await tries.blockedFor('qr_one:5.6.7.8')).toBe(0);
    expect(await tries.blockedFor('qr_two:1.2.3.4')).toBe(0);
    now += GATE_WINDOW_MS;
    expect(await tries.blockedFor('qr_one:1.2.3.4')).toBe(0);
  });
});
