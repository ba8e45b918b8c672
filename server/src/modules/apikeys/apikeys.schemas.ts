import { Type } from '@sinclair/typebox';
import { PageOnlyQuery } from '../../shared/page-schema.js';
import { SCOPES } from './apikeys.scopes.js';

export const ScopeSchema = Type.Union(
  SCOPES.map((scope) => Type.Literal(scope)),
  { description: 'What the key may do' },
);

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ examples: ['key_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    name: Type.String(),
    prefix: Type.String({
      description: 'The first characters of the key, to tell keys apart',
      examples: ['rq_AbC1'],
    }),
    scopes: Type.Array(ScopeSchema),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Updated at most once a minute',
    }),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false },
);

// One object, not an allOf of the key and `key`: the key's `additionalProperties: false` would
// refuse `key` in the document's schema (the answer-checking tests found it).
export const CreatedApiKeySchema = Type.Object(
  {
    ...ApiKeySchema.properties,
    key: Type.String({ description: 'The key itself: shown this once, stored only as a hash' }),
  },
  { additionalProperties: false },
);

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(ScopeSchema, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
    expiresAt: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'No expiry when omitted or null',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'CI deploys', scopes: ['qrcodes:read', 'qrcodes:write'] }],
  },
);

export const ListApiKeysQuery = PageOnlyQuery;

export const ApiKeyListSchema = Type.Object(
  { data: Type.Array(ApiKeySchema), nextCursor: Type.Union([Type.String(), Type.Null()]) },
  { additionalProperties: false },
);

export const ApiKeyParams = Type.Object({ id: Type.String({ description: 'The key id (key_...)' }) });
