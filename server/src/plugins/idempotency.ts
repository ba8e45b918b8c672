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
import type { Kysely } from 'kysely';
import { configure } from 'safe-stable-stringify';
import type { Database } from '../db/database.js';
import { sweeperLoop } from '../shared/background-work.js';
import { Problem, validationFailed } from '../shared/problem.js';
import { ProblemSchema } from '../shared/problem-schema.js';

/**
 * `Idempotency-Key` for creates (API.md): the same key and body within 24 hours gets the first
 * answer again (with `Idempotent-Replayed: true`) instead of creating twice. Keys belong to the
 * caller's account. Only successful answers are kept, so a failed attempt can simply be retried.
 *
 * A create route opts in after authenticating:
 * `onRequest: app.authenticate({...}), preHandler: app.idempotent`.
 */

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A first request that never finished (the process died) stops blocking its key after this. */
const IN_FLIGHT_STALE_MS = 60_000;
/** How often each instance deletes the answers older than the window (any instance may: deleting twice is harmless). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const IDEMPOTENT = Symbol('rq.idempotent');

export type IdempotentHook = preHandlerHookHandler & { readonly [IDEMPOTENT]: true };

const canonicalJson = configure({ deterministic: true });

/**
 * What makes two requests "the same": method, path, query, Accept and body, the query and body
 * compared as canonical JSON (key order does not matter). The query and Accept count because they
 * choose the answer: `?format=png` is an image, without it JSON; a replay must not swap them.
 */
function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  const accept = request.headers.accept?.trim() ?? '';
  const canonical = canonicalJson({ query: request.query ?? {}, accept, body: request.body ?? null });
  return createHash('sha256').update(`${request.method} ${path}\n${canonical}`).digest('hex');
}

/**
 * Answers are kept as text: JSON as it is, binary answers (a created code's PNG) in base64, which
 * the stored content type records with a parameter of ours so the replay sends the same bytes.
 */
const BASE64_MARK = '; rq-stored=base64';

function storedAnswer(
  payload: unknown,
  contentType: string | null,
): { body: string; type: string | null } | undefined {
  if (typeof payload === 'string') return { body: payload, type: contentType };
  if (Buffer.isBuffer(payload))
    return {
      body: payload.toString('base64'),
      type: `${contentType ?? 'application/octet-stream'}${BASE64_MARK}`,
    };
  return undefined;
}

function replayedAnswer(body: string, type: string | null): { body: string | Buffer; type: string } {
  if (type?.endsWith(BASE64_MARK))
    return { body: Buffer.from(body, 'base64'), type: type.slice(0, -BASE64_MARK.length) };
  return { body, type: type ?? 'application/json; charset=utf-8' };
}

/**
 * Deletes the keys whose window has passed, so the table holds one day of creates, not every
 * create ever sent (a key is otherwise only deleted when the same key comes again). Returns how many.
 */
export async function sweepExpiredIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', now - IDEMPOTENCY_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.backgroundWork.add(
      'expired Idempotency-Key answers',
      sweeperLoop(SWEEP_EVERY_MS, () =>
        sweepExpiredIdempotencyKeys(db).catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not delete expired Idempotency-Key answers'),
        ),
      ),
    );

    const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return undefined;
      const key = Array.isArray(header) ? header[0] : header;
      if (key === undefined || !KEY_PATTERN.test(key)) {
        throw validationFailed([
          { path: '/headers/idempotency-key', message: 'must be 1 to 255 visible ASCII characters' },
        ]);
      }
      const workspaceId = request.workspace.id;
      const fingerprint = fingerprintOf(request);
      const now = Date.now();
      // An expired answer, or a first attempt that never finished, no longer holds the key.
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', workspaceId)
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
        .values({ account_id: workspaceId, key, fingerprint, created_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (claimed) {
        request.idempotencyClaim = { workspaceId, key };
        return undefined;
      }
      const first = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', workspaceId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first) throw new Problem('conflict', 'That Idempotency-Key is being reused right now; retry.');
      if (first.fingerprint !== fingerprint) {
        throw new Problem(
          'conflict',
          'This Idempotency-Key was already used with a different request (method, path, query, Accept or body); use a new key for a new request.',
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
      const answer = replayedAnswer(first.response_body ?? '', first.content_type);
      return reply
        .code(first.status_code)
        .header('idempotent-replayed', 'true')
        .type(answer.type)
        .send(answer.body);
    };
    app.decorate('idempotent', Object.assign(hook, { [IDEMPOTENT]: true as const }) as IdempotentHook);
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const contentType = reply.getHeader('content-type');
      const stored = storedAnswer(payload, typeof contentType === 'string' ? contentType : null);
      const where = db
        .updateTable('idempotency_keys')
        .where('account_id', '=', claim.workspaceId)
        .where('key', '=', claim.key);
      if (reply.statusCode >= 200 && reply.statusCode < 300 && stored !== undefined) {
        await where
          .set({ status_code: reply.statusCode, content_type: stored.type, response_body: stored.body })
          .execute();
      } else {
        await db
          .deleteFrom('idempotency_keys')
          .where('account_id', '=', claim.workspaceId)
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
      const schema = route.schema as {
        headers?: { properties?: Record<string, unknown> };
        response?: Record<string, unknown>;
      };
      // A key reused with another body, or while its first request still runs.
      if (schema.response) schema.response['409'] ??= ProblemSchema;
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
    /** preHandler for create routes (app.authenticate() ran on onRequest): honours Idempotency-Key. */
    idempotent: IdempotentHook;
  }
  interface FastifyRequest {
    idempotencyClaim: { workspaceId: string; key: string } | null;
  }
}
