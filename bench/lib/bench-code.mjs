// The code both redirect benches scan: five rules, and a desktop Chrome scanner (the user agent
// wrk sends) fails the first four and matches the fifth, so every scan evaluates all five.

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export const BENCH_RULES = [
  { name: 'China', when: { country: ['CN'] }, then: { redirect: 'https://example.com/cn' } },
  { name: 'Android', when: { os: ['android'] }, then: { redirect: 'https://example.com/android' } },
  { name: 'Japanese', when: { language: ['ja'] }, then: { redirect: 'https://example.com/ja' } },
  {
    name: 'Campaign',
    when: { all: [{ query: { name: 'utm_campaign', equals: 'spring' } }, { device: ['mobile'] }] },
    then: { redirect: 'https://example.com/spring' },
  },
  {
    name: 'Desktop',
    when: { device: ['desktop'] },
    then: { redirect: 'https://example.com/desktop', status: 302 },
  },
];

/** Where the fifth rule sends the bench's scanner. */
export const BENCH_TARGET = 'https://example.com/desktop';

/**
 * Makes the bench's rules and a code with them, in that order, through the API; `call(method,
 * path, body)` sends one request as the code's owner. Answers the rules' ids.
 */
export async function seedBenchCode(call, slug = 'bench') {
  const ids = [];
  for (const rule of BENCH_RULES) ids.push((await call('POST', '/rules', rule)).id);
  const code = await call('POST', '/qrcodes', {
    slug,
    mode: 'redirect',
    target: 'https://example.com/default',
  });
  await call('PUT', `/qrcodes/${code.id}/rules`, { rules: ids });
  return ids;
}

/** A recorded scan's row as the edge hands it to the recorder: a desktop Chrome visit from Berlin. */
export function benchScanRow({ code = 'qr_hot', visitor = 'visitor-1', at = Date.now() } = {}) {
  return {
    qrcode_id: code,
    account_id: 'acct_bench',
    at,
    hostname: 'localhost',
    rule_id: 'rule_5',
    target: BENCH_TARGET,
    country: 'DE',
    region: 'BE',
    device: 'desktop',
    os: 'windows',
    browser: 'chrome',
    language: 'en',
    referrer_host: null,
    bot: 0,
    visitor_hash: visitor,
  };
}
