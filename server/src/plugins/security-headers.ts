import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

type Directives = Record<string, string[]>;

/**
 * API answers are data, never documents to run: nothing may load from them or frame them (an
 * SVG opened straight from the API cannot run script either).
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What every answer carries even when no hook ran (Fastify's router errors). */
export const BASELINE_SECURITY_HEADERS = {
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JAVASCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * CSP hashes of a page's inline scripts. JSON data blocks (`application/ld+json`) never run, so
 * they need none; `src` scripts are covered by 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_TAG)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = attributes.match(/\btype\s*=\s*["']?([^"'\s>]+)/i)?.[1]?.toLowerCase() ?? '';
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * The inline scripts of the whole site build (Docusaurus inlines its theme and base-URL scripts
 * in every page), read once at start: their hashes let the site run without 'unsafe-inline'.
 */
function siteInlineScriptHashes(webDir: string | undefined): string[] {
  if (!webDir || !fs.existsSync(webDir)) return [];
  const hashes = new Set<string>();
  for (const file of htmlFiles(webDir)) {
    for (const hash of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}

interface Sources {
  script: string[];
  connect: string[];
  frame: string[];
}

/**
 * Firebase Auth: the web SDK calls Google's identity endpoints (or the emulator), and popup
 * sign-in loads Google's gapi script and an iframe from the auth domain (the emulator's own).
 */
function firebaseSources(config: Config): Sources {
  const { emulatorHost, authDomain } = config.firebase;
  if (emulatorHost) {
    const emulator = `http://${emulatorHost}`;
    return { script: ['https://apis.google.com'], connect: [emulator], frame: [emulator] };
  }
  return {
    script: ['https://apis.google.com'],
    connect: [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    ],
    frame: [`https://${authDomain}`],
  };
}

/** Google Analytics, only when a measurement id is configured (gtag.js and its collectors). */
function analyticsSources(config: Config): Sources {
  if (!config.analyticsId) return { script: [], connect: [], frame: [] };
  return {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    frame: [],
  };
}

/** PayPal's checkout SDK, only when a PayPal client id is configured. */
function paypalSources(config: Config): Sources {
  if (!config.paypal.clientId) return { script: [], connect: [], frame: [] };
  const paypal = ['https://*.paypal.com', 'https://www.paypalobjects.com'];
  // PAYPAL_SDK_BASE elsewhere (a stand-in in tests, a proxy): its origin too.
  const sdkOrigin = new URL(config.paypal.sdkBase).origin;
  const sources = sdkOrigin.endsWith('.paypal.com') ? paypal : [...paypal, sdkOrigin];
  return { script: sources, connect: sources, frame: sources };
}

/**
 * The site's policy. Scripts: our own files and the build's inline scripts by hash, plus the
 * third parties the configuration turns on. Styles allow 'unsafe-inline' because React and
 * Docusaurus set style attributes; images may come from any https URL (logos, profile photos).
 */
export function siteDirectives(config: Config, inlineHashes: readonly string[]): Directives {
  const third = [firebaseSources(config), analyticsSources(config), paypalSources(config)];
  const publicOrigin = new URL(config.publicUrl).origin;
  const frames = third.flatMap((s) => s.frame);
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets the design tool compile zxing's WebAssembly (served by us); it allows no eval().
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineHashes, ...third.flatMap((s) => s.script)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", publicOrigin, ...third.flatMap((s) => s.connect)],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(publicOrigin.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The API reference (Scalar) at /api/docs: its page's inline start-up script by hash. */
function docsPolicy(config: Config, inlineHashes: readonly string[]): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", new URL(config.publicUrl).origin],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
const isDocsPath = (pathname: string) => pathname === '/api/docs' || pathname.startsWith('/api/docs/');
const isApiPath = (pathname: string) => pathname.startsWith('/api/') && !isDocsPath(pathname);

/** Request headers a browser page on another origin may send to the API. */
const CORS_REQUEST_HEADERS = [
  'authorization',
  'x-api-key',
  'content-type',
  'idempotency-key',
  'x-request-id',
];
/** Answer headers such a page may read. */
const CORS_EXPOSED_HEADERS = [
  'x-request-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'idempotent-replayed',
  'www-authenticate',
  'content-disposition',
  'location',
];

/**
 * CORS for /api/ only, for the configured origins. Anything else (another origin, a path outside
 * the API, an OPTIONS that is no preflight) gets no CORS headers and is answered as usual.
 */
function corsOptionsFor(config: Config, request: FastifyRequest) {
  const origin = request.headers.origin;
  const allowed =
    origin !== undefined &&
    isApiPath(pathOf(request)) &&
    (config.corsOrigins.includes('*') || config.corsOrigins.includes(origin));
  const preflightOrPlain = request.method !== 'OPTIONS' || request.headers['access-control-request-method'];
  if (!allowed || !preflightOrPlain) return { origin: false as const };
  return {
    origin: config.corsOrigins.includes('*') ? '*' : origin,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
  };
}

/**
 * Security headers on every answer (helmet): the site's CSP, `nosniff`, a referrer policy, and
 * cross-origin policies that keep popup sign-in (Firebase, PayPal) and embedded QR images working.
 * The API and its reference get policies of their own; CORS opens the API to configured origins.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { config, webDir }: { config: Config; webDir?: string | undefined }) => {
    const https = config.publicUrl.startsWith('https:');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: siteDirectives(config, siteInlineScriptHashes(webDir)),
      },
      // Popups (Firebase sign-in, PayPal checkout) talk back to the page through window.opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // QR images and the API are meant to be used from other sites.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // The origin (not the path) still reaches Google: Firebase API keys may be restricted by referrer.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });

    app.addHook('onRequest', async (request, reply) => {
      const pathname = pathOf(request);
      if (isApiPath(pathname)) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
      else if (isDocsPath(pathname)) reply.header('content-security-policy', docsPolicy(config, []));
    });
    // Scalar's page has an inline start-up script; its hash is taken from the page itself.
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (
        typeof payload === 'string' &&
        isDocsPath(pathOf(request)) &&
        String(type).startsWith('text/html')
      ) {
        reply.header('content-security-policy', docsPolicy(config, inlineScriptHashes(payload)));
      }
      return payload;
    });

    await app.register(cors, {
      delegator: (request, callback) => callback(null, corsOptionsFor(config, request)),
    });
  },
  { name: 'security-headers', dependencies: ['errors'] },
);
