import { type TSchema, Type } from '@sinclair/typebox';

const problemMembers = {
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
};

/** Problem details (RFC 9457) as a response schema, for every route's error answers. */
export const ProblemSchema = Type.Object(
  {
    ...problemMembers,
    requestId: Type.String({
      description: 'The `x-request-id` of the answer: quote it when you report a problem',
    }),
  },
  { additionalProperties: true, description: 'application/problem+json (RFC 9457)' },
);

/**
 * A problem inside a successful answer (one item of a bulk call, one row of an import): the
 * answer's own `x-request-id` names the request, so the item carries no `requestId` of its own.
 * `description` says what its paths name.
 */
export function itemProblemSchema(description = 'problem details (RFC 9457) of one item') {
  return Type.Object(problemMembers, { additionalProperties: true, description });
}

export const ItemProblemSchema = itemProblemSchema();

/** `{ 400: ProblemSchema, 404: ProblemSchema, ... }` for a route's `response`. */
export function problemResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ProblemSchema]));
}
