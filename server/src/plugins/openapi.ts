import swagger from '@fastify/swagger';
import type { ApiReferenceConfiguration } from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { ProblemSchema } from '../shared/problem-schema.js';
import type { Permission } from './permissions.js';

/**
 * The interactive reference (Scalar) as a page of this server only: nothing in it talks to
 * Scalar's cloud or to any host but ours. Its cloud features are off (the AI agent, MCP server
 * generation, the developer toolbar's Share and Deploy, the hosted client), as are the font CDN and
 * telemetry. Requests tried from the page go straight to this server (no proxy is configured).
 */
const SCALAR_CONFIGURATION = {
  url: '/api/openapi.json',
  title: 'RQ Codes API reference',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
} satisfies Partial<ApiReferenceConfiguration>;

interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
  tags?: string[];
  description?: string;
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  'x-rq-permission'?: Permission;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace']);

/** The operations of a document with their method and path (a path item's other keys are left out). */
export function* operationsOf(
  document: OpenApiDocument,
): Generator<{ path: string; method: string; operation: OpenApiOperation }> {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (HTTP_METHODS.has(method)) yield { path, method, operation };
    }
  }
}

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * An operation's id from its method and path, for every route that names none (`schema.operationId`
 * wins): `GET /api/v1/qrcodes/{id}/image.png` is `getQrcodesByIdImagePng`. Ids follow from the API's
 * own address, so they are stable for as long as the route is, and unique as method and path are.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v\d+(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment
        .split(/(\{[^}]+\})/)
        .filter(Boolean)
        .map((part) => {
          const param = part.match(/^\{(.+)\}$/)?.[1];
          const text = param ?? part;
          const camel = text
            .split(/[^A-Za-z0-9]+/)
            .filter(Boolean)
            .map(pascal)
            .join('');
          return param ? `By${camel}` : camel;
        }),
    );
  return method.toLowerCase() + words.join('');
}

/** The tag of a route that names none: the first word of its path after `/api/v1` (`/api/v1/bulk/...` is `bulk`). */
export function tagOf(path: string): string {
  return (
    path
      .replace(/^\/api\/v\d+(?=\/|$)/, '')
      .split('/')
      .find(Boolean)
      ?.replace(/\{.*\}/, '') || 'api'
  );
}

/**
 * Every operation has a stable `operationId` and a tag (derived when a route names none), says who
 * may call it (`security: []` when anyone may), and every `/api/` operation declares the 429 any
 * caller can get (plugins/rate-limit.ts counts every /api answer).
 */
export function withOperationDefaults<T extends OpenApiDocument>(document: T, problem: unknown): T {
  for (const { path, method, operation } of operationsOf(document)) {
    operation.operationId ??= operationIdOf(method, path);
    if (!operation.tags?.length) operation.tags = [tagOf(path)];
    // A route that does not authenticate is public, and says so (the auth plugin sets the others').
    operation.security ??= [];
    operation.responses ??= {};
    const responses = operation.responses;
    if (path.startsWith('/api/') && !responses['429']) {
      responses['429'] = {
        description: 'Over the rate limit: retry after `Retry-After` seconds',
        content: { 'application/problem+json': { schema: structuredClone(problem) } },
      };
    }
  }
  return document;
}

/** Where each route's permission is found once the auth plugin has set it (`config.auth`). */
type RoutePermissions = Map<string, () => Permission | undefined>;

const operationKey = (method: string, url: string) =>
  `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

/**
 * Each operation says who may call it (`x-rq-permission`: the permission's name, the weakest role,
 * the key scope), which the docs' table of roles and the role-matrix test are read from, and
 * says it in words at the end of its description.
 */
function withPermissions<T extends OpenApiDocument>(document: T, permissions: RoutePermissions): T {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const permission = permissions.get(operationKey(method, path))?.();
      if (!permission) continue;
      operation['x-rq-permission'] = { ...permission };
      const who = permission.session
        ? `the ${permission.role} role or higher, signed in (no API keys)`
        : `the ${permission.role} role or higher${permission.scope ? `; API keys need \`${permission.scope}\`` : '; any API key'}`;
      operation.description = `${operation.description ?? ''}\n\nNeeds ${who}.`.trim();
    }
  }
  return document;
}

/**
 * Every error leaves as application/problem+json (plugins/errors.ts); route schemas describe them
 * with ProblemSchema, which @fastify/swagger files under application/json. The document says the
 * media type the API sends.
 */
export function withProblemMediaType<T extends OpenApiDocument>(document: T): T {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (Number(status) < 400 || !response.content || json === undefined) continue;
        delete response.content['application/json'];
        response.content['application/problem+json'] = json;
      }
    }
  }
  return document;
}

/**
 * The OpenAPI 3.1 document is generated from the route schemas, so it cannot drift from the API.
 * The interactive reference is served entirely from our own assets: it works offline.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const permissions: RoutePermissions = new Map();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        permissions.set(operationKey(method, route.url), () => route.config?.auth);
      }
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'RQ Codes API',
          version: '1.0.0',
          description:
            'Dynamic QR codes with redirect rules, custom hostnames and analytics. Errors are application/problem+json (RFC 9457) with a stable `code`.',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'A Firebase ID token, or an API key (rq_...).',
            },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          },
        },
        tags: [
          { name: 'health', description: 'Liveness and readiness' },
          { name: 'account', description: 'The signed-in account' },
          { name: 'api-keys', description: 'API keys: created, listed and revoked by signed-in users' },
          {
            name: 'workspaces',
            description: 'Workspaces: their members, invitations and ownership',
          },
          { name: 'qrcodes', description: 'QR codes: static and dynamic, their images and assigned rules' },
          {
            name: 'hostnames',
            description: 'Custom hostnames: claimed, verified with DNS, with their own redirects',
          },
          { name: 'rules', description: 'Redirect rules: conditions and actions, reusable across codes' },
          { name: 'designs', description: 'Saved designs: named styles to apply to codes' },
          {
            name: 'gs1',
            description:
              'GS1 Digital Link items: keys (GTINs, GLNs, SSCCs, ...) with their links, lots and serials, resolved at the root of every host',
          },
          { name: 'assets', description: 'Uploaded images (logos) that designs and codes use' },
          {
            name: 'webhooks',
            description: 'Webhooks: endpoints that receive events, their deliveries and secrets',
          },
          {
            name: 'analytics',
            description: 'Scan analytics: totals, time series, breakdowns, export, live stream',
          },
          {
            name: 'conversions',
            description:
              'Sales and leads reported with the scan id (`rq_id`) a target received, credited to the scan; attribution settings',
          },
          {
            name: 'experiments',
            description:
              'Every split rule read as an experiment: per variant, conversions, rates and a verdict',
          },
          { name: 'billing', description: 'Plans, subscriptions and monthly usage' },
          {
            name: 'events',
            description: 'The audit log: every change in the workspace, who made it and when',
          },
          { name: 'site', description: 'Public settings the site reads at run time' },
        ],
      },
      hideUntagged: true,
      transformObject: (documents) =>
        'openapiObject' in documents
          ? withPermissions(
              withOperationDefaults(
                withProblemMediaType(documents.openapiObject as OpenApiDocument),
                ProblemSchema,
              ),
              permissions,
            )
          : documents.swaggerObject,
    });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

    const reference = lazyReference();
    app.get('/api/docs', { schema: { hide: true } }, reference.serve);
    app.get('/api/docs/*', { schema: { hide: true } }, reference.serve);
    app.addHook('onClose', reference.close);
  },
  { name: 'openapi', dependencies: ['errors'] },
);

/**
 * Scalar's routes, loaded on the first visit: its module holds its browser bundle as a string (4 MB
 * of source, about 17 MB of memory once loaded), which an instance that only redirects never needs.
 * The plugin runs as it is, on an app of its own; its answers go out through this one, so our
 * headers (security, CSP) are on them as on any page.
 */
function lazyReference(): {
  serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  close(): Promise<void>;
} {
  let reference: Promise<FastifyInstance> | undefined;
  const load = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const docs = Fastify();
    await docs.register(scalar, { routePrefix: '/api/docs', configuration: SCALAR_CONFIGURATION });
    await docs.ready();
    return docs;
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= load().catch((error: unknown) => {
      reference = undefined;
      throw error;
    });
    // /api/docs is sent on to /api/docs/ by the plugin, so that the page's relative links resolve.
    const answer = await (await reference).inject({ method: 'GET', url: request.url });
    const { 'content-length': _length, connection: _connection, date: _date, ...headers } = answer.headers;
    // The page goes out as text, so that the CSP hook can hash its inline start-up script.
    const page = String(headers['content-type']).startsWith('text/html');
    return reply
      .code(answer.statusCode)
      .headers(headers)
      .send(page ? answer.payload : answer.rawPayload);
  };
  const close = async () => {
    const loaded = await reference?.catch(() => undefined);
    await loaded?.close();
  };
  return { serve, close };
}
