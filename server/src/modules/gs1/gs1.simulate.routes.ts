import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { problemResponses } from '../../shared/problem-schema.js';
import { canViewGs1Items } from './gs1.permissions.js';
import { Gs1ItemIdParams } from './gs1.schemas.js';
import type { Gs1Simulator } from './gs1.simulate.js';
import {
  Gs1SimulateBody,
  Gs1SimulationSchema,
  Gs1WriteUriBody,
  Gs1WrittenUriSchema,
} from './gs1.simulate.schemas.js';

/** POST /api/v1/gs1/items/{id}/simulate and /api/v1/gs1/write-uri: the site's item tester and design tool. */
export async function gs1SimulateRoutes(fastify: FastifyInstance, options: { simulator: Gs1Simulator }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { simulator } = options;

  app.post(
    '/api/v1/gs1/items/:id/simulate',
    {
      onRequest: app.authenticate(canViewGs1Items),
      schema: {
        tags: ['gs1'],
        summary: 'Simulate a scan of a GS1 item',
        description:
          "What the resolver would answer a scan of the item's URI (at the qualifiers given, e.g. a lot) with this `linkType`, `context`, Accept and Accept-Language: a 307 to one link, a 300 with the tied links, a linkset, or a 404, decided exactly as the edge decides it, with the linkset the URI serves. A URI fault (check digit, qualifier order) is a 400 at its field. Records nothing and counts nothing. Needs the `qrcodes:read` scope.",
        params: Gs1ItemIdParams,
        body: Gs1SimulateBody,
        response: { 200: Gs1SimulationSchema, ...problemResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => simulator.simulate(request.workspace.id, request.params.id, request.body),
  );

  app.post(
    '/api/v1/gs1/write-uri',
    {
      onRequest: app.authenticate(canViewGs1Items),
      schema: {
        tags: ['gs1'],
        summary: 'Write a GS1 Digital Link URI',
        description:
          "The URI to print for a key and its qualifiers on a resolver host of the workspace (this server's host, its short link host, or a verified hostname), checked as a scanned URI is (a fault is a 400 at its field), plain or compressed with GS1's compression. The design tool encodes it. Needs the `qrcodes:read` scope.",
        body: Gs1WriteUriBody,
        response: { 200: Gs1WrittenUriSchema, ...problemResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) => simulator.writeUri(request.workspace.id, request.body),
  );
}
