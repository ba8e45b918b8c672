import { type Static, Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** The public settings the site reads at run time (GET /api/v1/config); no secret is ever in here. */
export const SiteConfig = Type.Object(
  {
    apiBase: Type.String({
      description:
        'Public base URL of the API (PUBLIC_URL/api) for people and scripts; routes live under {apiBase}/v1. The site itself calls /api/v1 on the origin it was opened at.',
    }),
    shortBase: Type.String({
      description: 'Base of short URLs on the primary host: codes encode {shortBase}/{slug}.',
    }),
    firebase: Type.Object(
      {
        apiKey: Type.String(),
        authDomain: Type.String(),
        projectId: Type.String(),
        emulatorUrl: Type.Optional(
          Type.String({
            description: 'Set when sign-in runs on the Firebase Auth emulator (connectAuthEmulator).',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    paypal: Type.Object(
      {
        clientId: Nullable(Type.String()),
        plans: Type.Object(
          {
            hostnames: Nullable(Type.String()),
            basic: Nullable(Type.String()),
            pro: Nullable(Type.String()),
            ultra: Nullable(Type.String()),
            mega: Nullable(Type.String()),
          },
          { additionalProperties: false, description: 'PayPal plan ids per plan; null when not configured.' },
        ),
        sdkBaseUrl: Type.String({
          description:
            "Where the site loads PayPal's JS SDK from (PAYPAL_SDK_BASE); the sdkBaseUrl of PayPalScriptProvider.",
        }),
      },
      { additionalProperties: false },
    ),
    marketplaceUrl: Type.String({ description: 'The API marketplace page for API pricing.' }),
    analyticsId: Nullable(Type.String({ description: 'Google Analytics measurement id, or null.' })),
    operator: Type.Object(
      {
        name: Nullable(Type.String({ description: 'Who runs this server (OPERATOR_NAME), or null.' })),
        email: Nullable(
          Type.String({ description: 'Support, sales and legal address (OPERATOR_EMAIL), or null.' }),
        ),
        privacyEmail: Nullable(Type.String({ description: 'Address for data requests, or null.' })),
        securityEmail: Nullable(Type.String({ description: 'Address for vulnerability reports, or null.' })),
      },
      {
        additionalProperties: false,
        description: "Who runs this server, for the site's contact, legal and privacy pages.",
      },
    ),
    billing: Type.Object(
      {
        sells: Type.Boolean({ description: 'Whether this server sells plans (PayPal is configured).' }),
        limited: Type.Boolean({
          description:
            "Whether plans set accounts' limits: the server sells plans or gives every account DEFAULT_PLAN. False: no limits but hostnamesLimit.",
        }),
        defaultPlan: Type.String({ description: 'The plan every account holds without paying.' }),
        hostnamesLimit: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Custom hostnames per account on a server without limits (HOSTNAMES_LIMIT), or null.',
        }),
      },
      { additionalProperties: false },
    ),
    hostnames: Type.Object(
      {
        edgeHostname: Nullable(
          Type.String({
            description:
              "Where customers point their hostnames' CNAME record; null when the server is not set up for custom hostnames (EDGE_HOSTNAME unset and the public host is not a public DNS name).",
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, $id: 'SiteConfig' },
);

export type SiteConfig = Static<typeof SiteConfig>;
