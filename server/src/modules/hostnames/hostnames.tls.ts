import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AddressPolicy, isLoopbackAddress } from '../../shared/address-policy.js';
import { Problem } from '../../shared/problem.js';

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'forwarded'];

/**
 * Whether a request is the TLS proxy asking, not somebody else: from loopback without any
 * forwarding header (a request Caddy proxied from outside arrives from loopback too, but carries
 * X-Forwarded-For), or from an address the operator listed in TLS_ASK_FROM. The socket's address
 * counts, never a header, so TRUST_PROXY cannot open it.
 */
function askedByTlsProxy(request: FastifyRequest, askFrom: AddressPolicy): boolean {
  const address = request.socket.remoteAddress;
  if (address !== undefined && askFrom.allowsAddress(address)) return true;
  return (
    isLoopbackAddress(address) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * `GET /internal/tls/allow?domain=`: Caddy's on-demand TLS asks it before it issues or loads a
 * certificate (any 2xx allows). Answered from the verified names in memory, so a database outage
 * does not stop certificates of existing customers. Anyone but the TLS proxy gets a 404, as if
 * the route did not exist.
 */
const TlsAskQuery = Type.Object({
  domain: Type.String({ minLength: 1, description: 'the name to issue for' }),
});

export async function tlsAllowRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const askFrom = new AddressPolicy(app.config.hostnames.tlsAskFrom);
  app.get(
    '/internal/tls/allow',
    {
      schema: { hide: true, querystring: TlsAskQuery },
      logLevel: 'warn',
      // Before validation: to anyone but the TLS proxy the route does not exist, whatever was sent.
      onRequest: async (request) => {
        if (!askedByTlsProxy(request, askFrom))
          throw new Problem('not_found', 'Nothing is at GET /internal/tls/allow.');
      },
    },
    async (request, reply) => {
      const { domain } = request.query;
      if (!app.hostnames.servedAt(domain.toLowerCase().replace(/\.$/, ''))) {
        throw new Problem('not_found', `${domain} is not a verified hostname here.`);
      }
      return reply.code(200).type('text/plain').send('ok');
    },
  );
}
