import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.js';

/**
 * Routes compile their validators and serializers on first use (plugins/validation.ts), so a
 * schema Ajv or fast-json-stringify cannot compile would surface only when its route is called.
 * Built with `compileSchemasAtStart`, the app compiles every route's at `ready()`, as Fastify does
 * by default: this is where such a schema fails the build.
 */
describe('every route schema', () => {
  it('compiles: the app with every route compiled at start is ready', async () => {
    const t = await buildTestApp({ name: 'sqlite' }, { compileSchemasAtStart: true });
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1/render', payload: { data: 7 } });
    expect(answer.statusCode).toBe(400);
    await t.close();
  });

  it('a schema that cannot compile stops that app at start, and only on its first call when lazy', async () => {
    const broken = (app: FastifyInstance) =>
      app.post('/broken', { schema: { body: Type.Unsafe({ type: 'no-such-type' }) } }, async () => 'ok');
    await expect(
      buildTestApp({ name: 'sqlite' }, { compileSchemasAtStart: true, extend: broken }),
    ).rejects.toThrow(/no-such-type|schema/i);
    const lazy = await buildTestApp({ name: 'sqlite' }, { extend: broken });
    const answer = await lazy.app.inject({ method: 'POST', url: '/broken', payload: {} });
    expect(answer.statusCode).toBe(500);
    await lazy.close();
  });
});
