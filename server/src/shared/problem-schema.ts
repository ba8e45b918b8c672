import { type TSchema, Type } from '@sinclair/typebox';

const problemMembers = {
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
};

const requestId = Type.String({
  description: 'The `x-request-id` of the answer: quote it when you report a problem',
});

/** Problem details (RFC 9457) as a response schema, for every route's error answers. */
export const ProblemSchema = Type.Object(
  { ...problemMembers, requestId },
  { additionalProperties: true, description: 'application/problem+json (RFC 9457)' },
);

/**
 * A problem that carries members of its own (RFC 9457 extension members), named in the OpenAPI
 * document so clients read them typed (an import's failing rows), not as a shape copied by hand.
 */
export function problemSchemaWith(extensions: Record<string, TSchema>, description: string) {
  return Type.Object(
    { ...problemMembers, requestId, ...extensions },
    { additionalProperties: true, description: `application/problem+json (RFC 9457): ${description}` },
  );
}

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
