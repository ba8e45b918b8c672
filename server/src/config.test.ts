import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: 'localhost', databaseUrl: undefined, logLevel: 'info' });
    expect(config.apiBase).toBe('http://localhost:8080/api');
  });

  it.each([
    ['PORT', '70000', 'an integer from 0 to 65535'],
    ['LOG_LEVEL', 'loud', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_URL', 'mysql://x', 'a URL (postgres or postgresql)'],
    ['TRUST_PROXY', 'maybe', 'true or false'],
  ])('refuses %s=%s', (name, value, accepts) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(new ConfigError(name, accepts, value));
  });

  it('derives the API base from the public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rq.example.com/' }).apiBase).toBe('https://rq.example.com/api');
  });
});
