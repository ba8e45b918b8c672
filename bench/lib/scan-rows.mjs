// Scans as the recorder stores them, made up for seeding: a realistic spread of countries, devices,
// OS, browsers, languages, referrers, hostnames and rules, 30 % returning visitors, 3 % bots.
// Deterministic: the same count gives the same scans on every run.

const DAY = 86_400_000;

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same scans. */
function random(seed) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Picks from a list, the first values most often (Zipf-like). */
const skewed = (next, list) => list[Math.floor(list.length * next() ** 2.5)];

const COUNTRIES =
  'US DE GB FR IN BR JP CA ES IT NL MX PL SE AU KR TR CH BE AT ID AR ZA NG EG PH VN TH MY SG NZ IE PT DK NO FI CZ RO HU GR'.split(
    ' ',
  );
const DEVICES = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet'];
const OSES = ['ios', 'android', 'windows', 'macos', 'linux', null];
const BROWSERS = ['safari', 'chrome', 'samsung', 'firefox', 'edge', null];
const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'ja', 'it', 'nl', 'pl', null];
const REFERRERS = [null, null, null, 'instagram.com', 'facebook.com', 't.co', 'news.example', 'google.com'];
const HOSTS = ['rq.codes', 'go.example.com', 'qr.shop.example'];
const RULES = [null, null, null, 'rule_a', 'rule_b', 'rule_c', 'rule_d', 'rule_e'];

/**
 * `count` scan rows of `workspaceId` over `codes` (the first ones most scanned), spread evenly over
 * `days` days from `from` (epoch ms): scan i at from + i/count of the span, so no two share a time
 * while the span has more milliseconds than scans.
 */
export function* benchScans(count, { codes, workspaceId, from, days }) {
  const next = random(count);
  for (let i = 0; i < count; i++) {
    const at = from + Math.floor((i / count) * days * DAY);
    // About 30 % of a day's scans come from visitors seen earlier that day.
    const visitor = next() < 0.3 ? Math.floor(next() * 1000) : i;
    yield {
      qrcode_id: skewed(next, codes),
      account_id: workspaceId,
      at,
      hostname: skewed(next, HOSTS),
      rule_id: skewed(next, RULES),
      target: 'https://example.com/',
      country: skewed(next, COUNTRIES),
      region: null,
      device: skewed(next, DEVICES),
      os: skewed(next, OSES),
      browser: skewed(next, BROWSERS),
      language: skewed(next, LANGUAGES),
      referrer_host: skewed(next, REFERRERS),
      bot: next() < 0.03 ? 1 : 0,
      visitor_hash: `v${Math.floor(at / DAY)}-${visitor}`,
    };
  }
}
