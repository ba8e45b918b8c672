import { type TSchema, Type } from '@sinclair/typebox';

/** Problem details (RFC 9457) as a response schema, for every route's error answers. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { additionalProperties: true, description: 'application/problem+json (RFC 9457)' },
);

/** `{ 400: ProblemSchema, 404: ProblemSchema, ... }` for a route's `response`. */
export function problemResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ProblemSchema]));
}
