import { type Static, Type } from '@sinclair/typebox';
import { PageOnlyQuery } from '../../shared/page-schema.js';

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

const AppId = Type.String({
  pattern: '^[A-Z0-9]{10}\\.[A-Za-z0-9*][A-Za-z0-9.*-]*$',
  maxLength: 255,
  description: 'Team ID, a dot and the bundle ID: ABCDE12345.com.example.app',
});
const AppIds = Type.Array(AppId, { minItems: 1, maxItems: 100 });
const AnyObject = Type.Object({}, { additionalProperties: true });

const AasaDetail = Type.Object(
  {
    appID: Type.Optional(AppId),
    appIDs: Type.Optional(AppIds),
    paths: Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 1000 })),
    components: Type.Optional(Type.Array(AnyObject, { maxItems: 1000 })),
    defaults: Type.Optional(AnyObject),
  },
  { additionalProperties: false, description: 'One app and the paths it opens (`appID` or `appIDs`)' },
);

const AppList = Type.Object({ apps: AppIds }, { additionalProperties: false });

export const AppleAppSiteAssociation = Type.Object(
  {
    applinks: Type.Optional(
      Type.Object(
        {
          apps: Type.Optional(Type.Array(Type.String(), { maxItems: 0, description: 'Always []' })),
          details: Type.Array(AasaDetail, { minItems: 1, maxItems: 100 }),
          defaults: Type.Optional(AnyObject),
          substitutionVariables: Type.Optional(AnyObject),
        },
        { additionalProperties: false },
      ),
    ),
    webcredentials: Type.Optional(AppList),
    appclips: Type.Optional(AppList),
    activitycontinuation: Type.Optional(AppList),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: "Apple's apple-app-site-association file, served as it is written here",
  },
);

const Fingerprint = Type.String({
  pattern: '^([0-9A-F]{2}:){31}[0-9A-F]{2}$',
  description: 'SHA-256 of the signing certificate: 32 upper-case hex pairs joined by colons',
});

const AndroidAppTarget = Type.Object(
  {
    namespace: Type.Literal('android_app'),
    package_name: Type.String({
      pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$',
      maxLength: 255,
    }),
    sha256_cert_fingerprints: Type.Array(Fingerprint, { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);

const WebTarget = Type.Object(
  { namespace: Type.Literal('web'), site: Type.String({ pattern: '^https?://[^/]+$', maxLength: 300 }) },
  { additionalProperties: false },
);

export const AssetLinks = Type.Array(
  Type.Object(
    {
      relation: Type.Array(Type.String({ pattern: '^[a-z_]+/[a-z_.]+$', maxLength: 200 }), {
        minItems: 1,
        maxItems: 20,
      }),
      target: Type.Union([AndroidAppTarget, WebTarget]),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 100, description: "Google's Digital Asset Links statements (assetlinks.json)" },
);

export const AppLinks = Type.Object(
  {
    appleAppSiteAssociation: Type.Optional(AppleAppSiteAssociation),
    assetLinks: Type.Optional(AssetLinks),
  },
  {
    additionalProperties: false,
    description:
      'Served at /.well-known/apple-app-site-association and /.well-known/assetlinks.json on the verified hostname, so links to it open your iOS and Android apps',
  },
);

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
  appLinks: Type.Union([AppLinks, Type.Null()]),
  gs1Resolver: Type.Boolean({
    description:
      'A GS1 resolver host: every path but its root and app link files is a GS1 Digital Link (an undecodable one is a 400 problem), and no slug is served on it',
  }),
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
    appLinks: Type.Optional(
      Type.Unsafe<Record<string, unknown> | null>({
        type: ['object', 'null'],
        description:
          'Merged into the app links (RFC 7396: objects merge key by key, arrays replace, null removes); the result is checked against `AppLinks`. null removes both files.',
      }),
    ),
    gs1Resolver: Type.Optional(
      Type.Boolean({
        description:
          'true marks the hostname a GS1 resolver host (every path is a GS1 Digital Link; its slugs stop answering), false unmarks it',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { rootRedirect: 'https://example.com/', notFoundRedirect: null },
      { gs1Resolver: true },
      {
        appLinks: {
          appleAppSiteAssociation: {
            applinks: { details: [{ appIDs: ['ABCDE12345.com.example.menu'], paths: ['*'] }] },
          },
          assetLinks: [
            {
              relation: ['delegate_permission/common.handle_all_urls'],
              target: {
                namespace: 'android_app',
                package_name: 'com.example.menu',
                sha256_cert_fingerprints: [
                  '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5',
                ],
              },
            },
          ],
        },
      },
    ],
  },
);

export const HostnameList = Type.Object({
  data: Type.Array(Hostname),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const HostnameIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const HostnameListQuery = PageOnlyQuery;

export type Hostname = Static<typeof Hostname>;
export type AppLinks = Static<typeof AppLinks>;
export type HostnameFailure = Static<typeof HostnameFailure>;
export type HostnameCreateBody = Static<typeof HostnameCreateBody>;
export type HostnamePatchBody = Static<typeof HostnamePatchBody>;
export type HostnameList = Static<typeof HostnameList>;
