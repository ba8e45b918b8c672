import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: 'localhost', databaseUrl: undefined, logLevel: 'info' });
    expect(config.apiBase).toBe('http://localhost:8080/api');
  });

  it('gives API keys the free plan’s rate where plans are sold, and more where no limits are set', () => {
    expect(loadConfig({}).rateLimits).toEqual({ api: 600, session: 1200, windowMs: 60_000 });
    expect(loadConfig({ DEFAULT_PLAN: 'free' }).rateLimits.api).toBe(60);
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).rateLimits.api).toBe(60);
    expect(
      loadConfig({ API_RATE_LIMIT: '90', SESSION_RATE_LIMIT: '5000', RATE_LIMIT_WINDOW_MS: '1000' })
        .rateLimits,
    ).toEqual({ api: 90, session: 5000, windowMs: 1000 });
  });

  it.each([
    ['PORT', '70000', 'an integer from 0 to 65535'],
    ['LOG_LEVEL', 'loud', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_URL', 'mysql://x', 'a URL (postgres or postgresql)'],
    ['TRUST_PROXY', 'maybe', 'true or false'],
    ['API_RATE_LIMIT', '0', 'an integer from 1 to 1000000'],
    ['SESSION_RATE_LIMIT', 'lots', 'an integer from 1 to 1000000'],
    ['SMTP_URL', 'http://mail.example.com', 'a URL (smtp or smtps)'],
    ['MAIL_FROM', 'not an address', 'an e-mail address or "Name <address>"'],
  ])('refuses %s=%s', (name, value, accepts) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(new ConfigError(name, accepts, value));
  });

  describe('sign-in on the Auth emulator (unsigned tokens)', () => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

    it.each(['0.0.0.0', '::', '192.0.2.10', 'rq.example.com'])('refuses to start on HOST=%s', (host) => {
      expect(() => loadConfig({ ...emulator, HOST: host })).toThrowError(
        /^Invalid configuration: HOST must be a loopback address .*ALLOW_EMULATOR_AUTH_ON_PUBLIC_HOST=true/,
      );
      // The default without a Firebase project is the emulator too.
      expect(() => loadConfig({ HOST: host })).toThrowError(ConfigError);
    });

    it.each(['localhost', '127.0.0.1', '127.0.0.2', '::1'])('starts on the loopback HOST=%s', (host) => {
      expect(loadConfig({ ...emulator, HOST: host }).host).toBe(host);
    });

    it('starts on a public HOST when explicitly allowed, or with a real Firebase project', () => {
      const allowed = loadConfig({
        ...emulator,
        HOST: '0.0.0.0',
        ALLOW_EMULATOR_AUTH_ON_PUBLIC_HOST: 'true',
      });
      expect(allowed.allowEmulatorAuthOnPublicHost).toBe(true);
      const real = loadConfig({ HOST: '0.0.0.0', FIREBASE_PROJECT_ID: 'my-project' });
      expect(real.firebase.emulatorHost).toBeUndefined();
    });
  });

  it('reads CORS origins and refuses what is not an origin', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:3000/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    for (const bad of ['https://a.example/path', 'a.example', 'ftp://a.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrowError(/CORS_ORIGINS must be/);
    }
  });

  it('takes a METRICS_TOKEN of 16 characters or more, without echoing a short one', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(
      'Invalid configuration: METRICS_TOKEN must be at least 16 visible ASCII characters (got "*****")',
    );
  });

  it('reads the GeoIP cache directory from GEO_CACHE_DIR, else the system temporary directory', () => {
    expect(loadConfig({ GEO_CACHE_DIR: '/var/cache/rq-geo' }).geoCacheDir).toBe('/var/cache/rq-geo');
    expect(loadConfig({}).geoCacheDir).toBe(path.join(os.tmpdir(), 'rq-codes-geo'));
  });

  it('keeps EDGE_CACHE_CODES codes in the edge cache, 20,000 by default, and refuses what is not a count', () => {
    expect(loadConfig({}).edgeCacheCodes).toBe(20_000);
    expect(loadConfig({ EDGE_CACHE_CODES: '500' }).edgeCacheCodes).toBe(500);
    for (const bad of ['0', '-1', '1.5', 'all'])
      expect(() => loadConfig({ EDGE_CACHE_CODES: bad })).toThrowError(/EDGE_CACHE_CODES/);
  });

  it('keeps events EVENT_RETENTION_DAYS, 400 by default, and refuses what is not a number of days', () => {
    expect(loadConfig({}).eventRetentionDays).toBe(400);
    expect(loadConfig({ EVENT_RETENTION_DAYS: '30' }).eventRetentionDays).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'forever', '99999'])
      expect(() => loadConfig({ EVENT_RETENTION_DAYS: bad })).toThrow(ConfigError);
  });

  it('reads the webhook settings: the documented schedule and limits by default, compressed for tests', () => {
    expect(loadConfig({}).webhooks).toEqual({
      retryScheduleMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      timeoutMs: 15_000,
      disableAfterMs: 5 * 86_400_000,
      secretOverlapMs: 86_400_000,
      worker: true,
      pollMs: 1_000,
      concurrency: 32,
      endpointConcurrency: 4,
      deliveryRetentionDays: 30,
    });
    const compressed = loadConfig({
      WEBHOOK_RETRY_SCHEDULE: '100, 200,300',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_DISABLE_AFTER_MS: '0',
      WEBHOOK_WORKER: 'false',
    }).webhooks;
    expect(compressed).toMatchObject({
      retryScheduleMs: [100, 200, 300],
      timeoutMs: 500,
      disableAfterMs: 0,
      worker: false,
    });
    for (const bad of ['soon', '1,,2', '-5', '1.5']) {
      expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '10' })).toThrow(ConfigError);
  });

  it('reads the mail settings: no SMTP by default, a sender on the public host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rq.example.com' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'RQ Codes <no-reply@rq.example.com>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p%40ss@smtp.example.com:465', MAIL_FROM: 'Team <team@example.com>' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://u:p%40ss@smtp.example.com:465', from: 'Team <team@example.com>' });
    expect(loadConfig({ MAIL_FROM: 'team@example.com' }).mail.from).toBe('team@example.com');
  });

  it('derives the API base from the public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rq.example.com/' }).apiBase).toBe('https://rq.example.com/api');
  });
});
