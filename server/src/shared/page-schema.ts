import { Type } from '@sinclair/typebox';

/**
 * The query members of a list route's page (shared/pagination.ts reads them): how many rows, and
 * the `nextCursor` of the previous page. A route with filters spreads them beside its own.
 */
export const PAGE_QUERY = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 128, description: 'nextCursor of the previous page' })),
};

/** The query of a list route with no filters: the page only. */
export const PageOnlyQuery = Type.Object(PAGE_QUERY, { additionalProperties: false });
