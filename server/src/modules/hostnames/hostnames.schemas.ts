import { type Static, Type } from '@sinclair/typebox';

const Url = Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()]);
const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const DnsRecord = Type.Object({
  type: Type.String({ description: 'TXT, or CNAME for the routing record' }),
  name: Type.String(),
  value: Type.String(),
});

export const HostnameFailure = Type.Object({
  code: Type.Union(
    [
      Type.Literal('txt_missing'),
      Type.Literal('txt_mismatch'),
      Type.Literal('routing_mismatch'),
      Type.Literal('nxdomain'),
      Type.Literal('caa_forbids'),
      Type.Literal('resolver_timeout'),
    ],
    { description: 'What DNS answered; see the hostnames guide' },
  ),
  detail: Type.String(),
  seen: Type.Optional(Type.Array(Type.String(), { description: 'What DNS holds' })),
  expected: Type.Optional(Type.String({ description: 'What it should hold' })),
});

export const Hostname = Type.Object({
  id: Type.String(),
  hostname: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('failed')]),
  verification: DnsRecord,
  routing: DnsRecord,
  apexRouting: Type.Array(DnsRecord, {
    description:
      'For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES)',
  }),
  rootRedirect: Url,
  notFoundRedirect: Url,
  failure: Type.Optional(HostnameFailure),
  verifiedAt: Time,
  lastCheckedAt: Time,
  nextCheckAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'When the server checks DNS again by itself; null when it no longer does (check it yourself)',
  }),
  graceEndsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      "Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails",
  }),
  codes: Type.Integer({ description: 'How many codes are served on this hostname' }),
  createdAt: Type.String({ format: 'date-time' }),
});

export const HostnameCreateBody = Type.Object(
  {
    hostname: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'A DNS name of yours, such as qr.example.com (Unicode names are stored in punycode)',
    }),
  },
  { additionalProperties: false, examples: [{ hostname: 'qr.example.com' }] },
);

export const HostnamePatchBody = Type.Object(
  {
    rootRedirect: Type.Optional(Url),
    notFoundRedirect: Type.Optional(Url),
  },
  {
    additionalProperties: false,
    examples: [{ rootRedirect: 'https://example.com/', notFoundRedirect: null }],
  },
);

export const HostnameList = Type.Object({
  data: Type.Array(Hostname),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const HostnameIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const HostnameListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    cursor: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);

export type Hostname = Static<typeof Hostname>;
export type HostnameFailure = Static<typeof HostnameFailure>;
export type HostnameCreateBody = Static<typeof HostnameCreateBody>;
export type HostnamePatchBody = Static<typeof HostnamePatchBody>;
export type HostnameList = Static<typeof HostnameList>;
