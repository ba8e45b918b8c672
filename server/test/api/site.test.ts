import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_STYLE, validateStyle } from '@rq/qr';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyUserAgent } from '../../src/modules/redirect/scan-context.parse.js';
import { PROBLEM_CATALOGUE } from '../../src/shared/problem.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

describe('GET /api/v1/config: the site reads its settings at run time', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the public settings of a self-hosted deployment on the Auth emulator', async () => {
    t = await buildTestApp({ name: 'sqlite' }, { env: { PUBLIC_URL: 'https://rq.example.com' } });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      apiBase: 'https://rq.example.com/api',
      shortBase: 'https://rq.example.com/r',
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-rq.firebaseapp.com',
        projectId: 'demo-rq',
        emulatorUrl: 'http://127.0.0.1:9099',
      },
      paypal: {
        clientId: null,
        plans: { hostnames: null, basic: null, pro: null, ultra: null, mega: null },
        sdkBaseUrl: 'https://www.paypal.com/sdk/js',
      },
      marketplaceUrl: 'https://rapidapi.com/rq-codes/api/rq-codes',
      analyticsId: null,
      operator: { name: null, email: null, privacyEmail: null, securityEmail: null },
      billing: { sells: false, limited: false, defaultPlan: 'free', hostnamesLimit: null },
      hostnames: { edgeHostname: 'rq.example.com' },
    });
  });

  it('answers a configured production deployment, and never a secret', async () => {
    t = await buildTestApp(
      { name: 'sqlite' },
      {
        env: {
          PUBLIC_URL: 'https://rq.codes',
          SHORT_URL: 'https://rq.link',
          FIREBASE_PROJECT_ID: 'rq-prod',
          FIREBASE_API_KEY: 'AIza-web-key',
          FIREBASE_AUTH_DOMAIN: 'auth.rq.codes',
          MARKETPLACE_URL: 'https://market.example/rq',
          MARKETPLACE_PROXY_SECRET: 'proxy-secret-value',
          PAYPAL_CLIENT_ID: 'paypal-client',
          PAYPAL_CLIENT_SECRET: 'paypal-secret-value',
          PAYPAL_PLAN_HOSTNAMES: 'P-HOST',
          PAYPAL_PLAN_BASIC: 'P-BASIC',
          PAYPAL_PLAN_PRO: 'P-PRO',
          PAYPAL_PLAN_ULTRA: 'P-ULTRA',
          PAYPAL_PLAN_MEGA: 'P-MEGA',
          GA_MEASUREMENT_ID: 'G-TEST123',
          OPERATOR_NAME: 'Example Codes Ltd',
          OPERATOR_EMAIL: 'help@rq.codes',
          OPERATOR_PRIVACY_EMAIL: 'privacy@rq.codes',
          EDGE_HOSTNAME: 'edge.rq.link',
        },
      },
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      apiBase: 'https://rq.codes/api',
      shortBase: 'https://rq.link',
      firebase: { apiKey: 'AIza-web-key', authDomain: 'auth.rq.codes', projectId: 'rq-prod' },
      paypal: {
        clientId: 'paypal-client',
        plans: { hostnames: 'P-HOST', basic: 'P-BASIC', pro: 'P-PRO', ultra: 'P-ULTRA', mega: 'P-MEGA' },
        sdkBaseUrl: 'https://www.paypal.com/sdk/js',
      },
      marketplaceUrl: 'https://market.example/rq',
      analyticsId: 'G-TEST123',
      operator: {
        name: 'Example Codes Ltd',
        email: 'help@rq.codes',
        privacyEmail: 'privacy@rq.codes',
        securityEmail: 'help@rq.codes',
      },
      billing: { sells: true, limited: true, defaultPlan: 'free', hostnamesLimit: null },
      hostnames: { edgeHostname: 'edge.rq.link' },
    });
    expect(response.body).not.toContain('secret-value');
  });

  it('says the server is not set up for custom hostnames while they would point at localhost', async () => {
    t = await buildTestApp(
      { name: 'sqlite' },
      { env: { PUBLIC_URL: 'http://localhost:8080', HOSTNAMES_LIMIT: '1' } },
    );
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(body.hostnames).toEqual({ edgeHostname: null });
    expect(body.billing).toEqual({ sells: false, limited: false, defaultPlan: 'free', hostnamesLimit: 1 });
    expect(body.operator).toEqual({ name: null, email: null, privacyEmail: null, securityEmail: null });
  });

  it('is described in the OpenAPI document under the site tag', async () => {
    t = await buildTestApp({ name: 'sqlite' });
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/v1/config']?.get;
    expect(operation?.tags).toEqual(['site']);
    expect(operation?.responses?.['200']).toBeDefined();
  });
});

describe('the docs page /docs/api/errors', () => {
  it('explains every problem code under the anchor its `type` URL points at', () => {
    const page = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../web/docs/api/errors.md'),
      'utf8',
    );
    for (const code of Object.keys(PROBLEM_CATALOGUE)) {
      expect(page, code).toContain(`### ${code} {#${code.replaceAll('_', '-')}}`);
    }
    // And no code the API never answers: an image `Accept` it cannot serve gets JSON, not a 406.
    const explained = [...page.matchAll(/^### (\w+) \{#/gm)].map((match) => match[1]);
    expect(explained.sort()).toEqual(Object.keys(PROBLEM_CATALOGUE).sort());
  });
});

describe('the docs page /docs/rq-codes/qr-code-styling', () => {
  it('shows the defaults as the API applies them, not a style of its own', () => {
    const page = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../web/docs/rq-codes/qr-code-styling.md'),
      'utf8',
    );
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(page)?.[1] ?? 'null');
    const resolved = validateStyle(shown);
    expect(resolved.ok && resolved.style).toEqual(DEFAULT_STYLE);
    expect(Object.keys(shown)).toEqual(expect.arrayContaining(['size', 'margin', 'dots', 'frame']));
  });
});

describe('the docs page /docs/analytics/redirection-analytics', () => {
  it('shows the live stream what its own example scan sends: device, os and browser of its user agent', () => {
    const page = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../web/docs/analytics/redirection-analytics.md'),
      'utf8',
    );
    const userAgent = / -A "([^"]+)"/.exec(page)?.[1];
    const shown = JSON.parse(/^data: (\{.*\})$/m.exec(page)?.[1] ?? 'null');
    expect(userAgent).toBeDefined();
    const { device, os, browser } = classifyUserAgent(userAgent);
    expect({ device, os, browser }).toEqual({ device: shown.device, os: shown.os, browser: shown.browser });
  });
});
