import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { Problem, validationFailed } from '../shared/problem.js';

/**
 * `Idempotency-Key` for creates (API.md): the same key and body within 24 hours gets the first
 * answer again (with `Idempotent-Replayed: true`) instead of creating twice. Keys belong to the
 * caller's account. Only successful answers are kept, so a failed attempt can simply be retried.
 *
 * A create route opts in after authenticating: `preHandler: [app.authenticate({...}), app.idempotent]`.
 */

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of method, route and body: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request is still being answered. */
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: number;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A first request that never finished (the process died) stops blocking its key after this. */
const IN_FLIGHT_STALE_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const IDEMPOTENT = Symbol('rq.idempotent');

export type IdempotentHook = preHandlerHookHandler & { readonly [IDEMPOTENT]: true };

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

function payloadText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;

    const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return undefined;
      const key = Array.isArray(header) ? header[0] : header;
      if (key === undefined || !KEY_PATTERN.test(key)) {
        throw validationFailed([
          { path: '/headers/idempotency-key', message: 'must be 1 to 255 visible ASCII characters' },
        ]);
      }
      const accountId = request.account.id;
      const fingerprint = fingerprintOf(request);
      const now = Date.now();
      // An expired answer, or a first attempt that never finished, no longer holds the key.
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .where((eb) =>
          eb.or([
            eb('created_at', '<=', now - IDEMPOTENCY_WINDOW_MS),
            eb.and([eb('status_code', 'is', null), eb('created_at', '<=', now - IN_FLIGHT_STALE_MS)]),
          ]),
        )
        .execute();
      const claimed = await db
        .insertInto('idempotency_keys')
        .values({ account_id: accountId, key, fingerprint, created_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (claimed) {
        request.idempotencyClaim = { accountId, key };
        return undefined;
      }
      const first = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first) throw new Problem('conflict', 'That Idempotency-Key is being reused right now; retry.');
      if (first.fingerprint !== fingerprint) {
        throw new Problem(
          'unprocessable',
          'This Idempotency-Key was already used with a different request; use a new key for a new request.',
        );
      }
      if (first.status_code === null) {
        throw new Problem(
          'conflict',
          'The first request with this Idempotency-Key is still being answered.',
          {
            headers: { 'retry-after': '1' },
          },
        );
      }
      return reply
        .code(first.status_code)
        .header('idempotent-replayed', 'true')
        .type(first.content_type ?? 'application/json; charset=utf-8')
        .send(first.response_body ?? '');
    };
    app.decorate('idempotent', Object.assign(hook, { [IDEMPOTENT]: true as const }) as IdempotentHook);
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const text = payloadText(payload);
      const where = db
        .updateTable('idempotency_keys')
        .where('account_id', '=', claim.accountId)
        .where('key', '=', claim.key);
      if (reply.statusCode >= 200 && reply.statusCode < 300 && text !== undefined) {
        const contentType = reply.getHeader('content-type');
        await where
          .set({
            status_code: reply.statusCode,
            content_type: typeof contentType === 'string' ? contentType : null,
            response_body: text,
          })
          .execute();
      } else {
        await db
          .deleteFrom('idempotency_keys')
          .where('account_id', '=', claim.accountId)
          .where('key', '=', claim.key)
          .execute();
      }
      return payload;
    });

    // The OpenAPI entry of an idempotent route documents the header.
    app.addHook('onRoute', (route: RouteOptions) => {
      const hooks =
        route.preHandler === undefined
          ? []
          : Array.isArray(route.preHandler)
            ? route.preHandler
            : [route.preHandler];
      if (!hooks.some((h) => (h as Partial<IdempotentHook>)[IDEMPOTENT])) return;
      route.schema ??= {};
      const schema = route.schema as { headers?: { properties?: Record<string, unknown> } };
      const property = Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 255,
          description:
            'Sent again with the same body within 24 h, the first answer is returned instead of creating twice.',
        }),
      );
      if (!schema.headers) schema.headers = Type.Object({ 'idempotency-key': property });
      else
        schema.headers = {
          ...schema.headers,
          properties: { ...schema.headers.properties, 'idempotency-key': property },
        };
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for create routes, after app.authenticate(): honours Idempotency-Key. */
    idempotent: IdempotentHook;
  }
  interface FastifyRequest {
    idempotencyClaim: { accountId: string; key: string } | null;
  }
}
