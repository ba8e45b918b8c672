import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../../shared/problem.js';

const READY_TIMEOUT_MS = 2000;

/**
 * /healthz: the process answers. /readyz: the database answers too (503 when it does not); with
 * REDIS_URL set and Redis away it says "degraded" but stays ready (200): redirects, recording and
 * the API go on without it (see web/docs/self-hosting/scale-out.md).
 */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const Status = Type.Object({ status: Type.String() });

  app.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        description:
          'status is "ok", or "degraded" while the configured Redis does not answer (the instance ' +
          'still serves: caches keep codes 5 s, counts and rate limits are kept per instance).',
        response: {
          200: Type.Object({
            status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
            database: Type.String(),
            redis: Type.Optional(
              Type.Union([Type.Literal('ok'), Type.Literal('unavailable')], {
                description: 'Only when REDIS_URL is set',
              }),
            ),
          }),
        },
      },
      logLevel: 'warn',
    },
    async () => {
      try {
        await withTimeout(app.database.ping(), READY_TIMEOUT_MS);
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        throw new Problem('unavailable', `The ${app.database.dialect} database does not answer.`);
      }
      if (!app.redis) return { status: 'ok' as const, database: app.database.dialect };
      const redisUp = await withTimeout(app.redis.ping(), READY_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      return {
        status: redisUp ? ('ok' as const) : ('degraded' as const),
        database: app.database.dialect,
        redis: redisUp ? ('ok' as const) : ('unavailable' as const),
      };
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
