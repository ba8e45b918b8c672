import { type Static, Type } from '@sinclair/typebox';

const Name = (description: string, pattern: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern, description }));

export const EventListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    cursor: Type.Optional(Type.String({ maxLength: 128, description: 'nextCursor of the previous page' })),
    type: Name('Only events of this type, e.g. `hostname.verified`', '^[a-z][a-z0-9_]*\\.[a-z][a-z_]*$'),
    resourceType: Name('Only events about this kind of resource, e.g. `hostname`', '^[a-z][a-z0-9_]*$'),
    resource: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Only events about this resource (its id)' }),
    ),
    actor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: "Only events by this actor: a user's uid, an API key's id (key_...) or a system part",
      }),
    ),
    from: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Events at or after this time (ISO 8601 date or date-time, UTC)',
      }),
    ),
    to: Type.Optional(
      Type.String({ maxLength: 40, description: 'Events before this time (exclusive), like `from`' }),
    ),
  },
  { additionalProperties: false },
);

export const EventSchema = Type.Object(
  {
    id: Type.String({ examples: ['evt_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    type: Type.String({ examples: ['hostname.verified'] }),
    at: Type.String({ format: 'date-time' }),
    workspace: Type.String({ description: 'The workspace the change was made in (acct_...)' }),
    actor: Type.Object(
      {
        type: Type.Union([Type.Literal('user'), Type.Literal('apiKey'), Type.Literal('system')]),
        id: Type.String({ description: "The user's uid, the key's id (key_...) or the part of the system" }),
        email: Type.Union([Type.String(), Type.Null()]),
      },
      { additionalProperties: false },
    ),
    resource: Type.Object({ type: Type.String(), id: Type.String() }, { additionalProperties: false }),
    data: Type.Record(Type.String(), Type.Unknown(), {
      description:
        '`{ object }` on create and delete (the resource as the API shows it), `{ changes: { field: [old, new] } }` on update; never a secret',
    }),
    requestId: Type.Union([Type.String(), Type.Null()], {
      description:
        'The id of the API request that made the change (the `x-request-id` of its answer, and of its log lines); null for changes the system made on its own',
    }),
  },
  { additionalProperties: false },
);

export const EventList = Type.Object({
  data: Type.Array(EventSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export type EventListQuery = Static<typeof EventListQuery>;
export type EventView = Static<typeof EventSchema>;
export type EventList = Static<typeof EventList>;
