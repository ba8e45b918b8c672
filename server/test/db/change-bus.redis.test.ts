import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type DnsServer, startDnsmasq } from '../helpers/dnsmasq.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { waitFor } from '../helpers/wait-for.js';

const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];
const SECRET = 'change-bus-test-secret';
const CALLER = { 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-user': 'bus-test' };
type Json = Record<string, unknown>;

/**
 * Two app instances on one database and one Redis, as N instances behind a load balancer: a
 * write on one must reach the other's edge cache through the change bus.
 */
describe.each(engines)('the change bus across two instances on $name', (engine) => {
  describe.each(redisUrls)('with Redis at %s', (redisUrl) => {
    let database: TestDatabase;
    let writer: FastifyInstance;
    let reader: FastifyInstance;
    let dnsPort: number;
    let dns: DnsServer | undefined;

    beforeAll(async () => {
      database = await openTestDatabase(engine);
      dnsPort = await freePort();
      const config = loadConfig({
        DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
        EDGE_HOSTNAME: 'edge.rq.example',
        LOG_LEVEL: process.env.BUS_LOG ?? 'silent',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `rq-bus-${randomBytes(6).toString('hex')}:`,
        MARKETPLACE_PROXY_SECRET: SECRET,
      });
      const start = async () => {
        const app = await buildApp(config, { database: database.handle, migrate: false, serveWeb: false });
        await app.ready();
        return app;
      };
      [writer, reader] = await Promise.all([start(), start()]);
    });
    afterAll(async () => {
      await dns?.stop();
      await Promise.all([writer?.close(), reader?.close()]);
      await database?.close();
    });

    const api = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
      const response = await writer.inject({ method, url: `/api/v1${url}`, headers: CALLER, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return (response.statusCode === 204 ? {} : response.json()) as Json & { id: string };
    };
    const scanOnReader = async (slug: string) =>
      (await reader.inject({ method: 'GET', url: `/r/${slug}`, headers: { 'user-agent': 'Mozilla/5.0' } }))
        .headers.location;
    /** The reader's answer once it differs from `before`, within a second. */
    const readerAnswerAfterChange = async (slug: string, before: unknown) => {
      const changed = await waitFor(
        async () => {
          const location = await scanOnReader(slug);
          return location === before ? undefined : { location };
        },
        `the reader's answer for ${slug} to change`,
        { timeoutMs: 1000, everyMs: 20 },
      );
      return changed.location;
    };

    it('a changed code is served anew by the other instance within a second', async () => {
      const code = await api('POST', '/qrcodes', {
        slug: 'bus-code',
        mode: 'redirect',
        target: 'https://example.com/one',
      });
      expect(await scanOnReader('bus-code')).toBe('https://example.com/one'); // now cached on the reader
      await api('PATCH', `/qrcodes/${code.id}`, { target: 'https://example.com/two' });
      expect(await readerAnswerAfterChange('bus-code', 'https://example.com/one')).toBe(
        'https://example.com/two',
      );
      await api('DELETE', `/qrcodes/${code.id}`);
      expect(await readerAnswerAfterChange('bus-code', 'https://example.com/two')).toBeUndefined();
    });

    it('a changed or deleted rule reaches the codes cached on the other instance', async () => {
      const rule = await api('POST', '/rules', {
        name: 'all',
        then: { redirect: 'https://example.com/rule-a' },
      });
      await api('POST', '/qrcodes', {
        slug: 'bus-rule',
        mode: 'redirect',
        target: 'https://example.com/default',
        rules: [rule.id],
      });
      expect(await scanOnReader('bus-rule')).toBe('https://example.com/rule-a');
      await api('PATCH', `/rules/${rule.id}`, { then: { redirect: 'https://example.com/rule-b' } });
      expect(await readerAnswerAfterChange('bus-rule', 'https://example.com/rule-a')).toBe(
        'https://example.com/rule-b',
      );
      await api('DELETE', `/rules/${rule.id}`);
      expect(await readerAnswerAfterChange('bus-rule', 'https://example.com/rule-b')).toBe(
        'https://example.com/default',
      );
    });

    it('a hostname verified on one instance is served by the other, its redirects and deletion too', async () => {
      const host = (await api('POST', '/hostnames', { hostname: 'bus.example.com' })) as Json & {
        id: string;
        verification: { name: string; value: string };
      };
      dns = await startDnsmasq(dnsPort, {
        localDomains: ['example.com'],
        records: [
          '--host-record=edge.rq.example,127.0.0.2',
          `--txt-record=${host.verification.name},${host.verification.value}`,
          '--cname=bus.example.com,edge.rq.example',
        ],
      });
      expect(await api('POST', `/hostnames/${host.id}/verify`)).toMatchObject({ status: 'verified' });
      const rootOnReader = async () =>
        (await reader.inject({ method: 'GET', url: '/', headers: { host: 'bus.example.com' } })).headers
          .location;
      const rootAfterChange = async (before: unknown) => {
        const changed = await waitFor(
          async () => {
            const location = await rootOnReader();
            return location === before ? undefined : { location };
          },
          "the reader's root answer to change",
          { timeoutMs: 1000, everyMs: 20 },
        );
        return changed.location;
      };
      await api('PATCH', `/hostnames/${host.id}`, { rootRedirect: 'https://example.com/home' });
      expect(await rootAfterChange(undefined)).toBe('https://example.com/home');
      await api('DELETE', `/hostnames/${host.id}`);
      // No longer a customer's host on the reader: the primary host's root (the site) answers.
      expect(await rootAfterChange('https://example.com/home')).toBeUndefined();
    });
  });
});
