import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Problem } from '../../shared/problem.js';

const READY_TIMEOUT_MS = 2000;

/** /healthz: the process answers. /readyz: the database answers too (503 when it does not). */
export const healthModule = fp(healthRoutes, { name: 'health', dependencies: ['db'] });

async function healthRoutes(fastify: FastifyInstance): Promise<void> {
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
        response: { 200: Type.Object({ status: Type.String(), database: Type.String() }) },
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
      return { status: 'ok', database: app.database.dialect };
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
