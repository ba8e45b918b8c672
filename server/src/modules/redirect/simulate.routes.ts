import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canSimulateScans } from './redirect.permissions.js';
import type { ScanSimulator } from './scan-simulator.js';
import { SimulateBody, SimulateParams, SimulationSchema } from './simulate.schemas.js';

/** POST /api/v1/qrcodes/{id}/simulate: where a scan would go (scan-simulator.ts). */
export async function simulateRoutes(fastify: FastifyInstance, options: { simulator: ScanSimulator }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/v1/qrcodes/:id/simulate',
    {
      onRequest: app.authenticate(canSimulateScans),
      schema: {
        tags: ['qrcodes'],
        summary: 'Simulate a scan',
        description:
          "Where a scan with these parts would go, decided exactly as the edge decides it: not active yet, expired or used up; the password gate; `apps` by the scanner's OS; the rules in order; the default target (or exec). `trace` says for each rule whether it matched and why not, in words. Records nothing, counts nothing and calls no exec URL (for an exec code `target` is the URL that would be called). A split picks one of its targets as a scan would. Needs the `qrcodes:read` scope.",
        params: SimulateParams,
        body: SimulateBody,
        response: { 200: SimulationSchema, ...problemResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request) => options.simulator.simulate(request.workspace.id, request.params.id, request.body),
  );
}
