import type { components, paths } from '@rq/client';

/**
 * Shapes of the API, read from the OpenAPI types the client package generates (`npm run api:types`), so a
 * changed route schema changes the site's types and `npm run typecheck` shows every use it breaks.
 * The server inlines most TypeBox schemas into each route, so `components['schemas']` holds only
 * the named ones (RuleCondition); the others are read from their route's answer or body.
 */
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type ResponsesOf<O> = O extends { responses: infer R } ? R : never;

/** The JSON body a route answers with a 200 or a 201. */
export type ApiAnswer<P extends ApiPath, M extends Method = 'get'> =
  JsonOf<ResponsesOf<Operation<P, M>>[200 & keyof ResponsesOf<Operation<P, M>>]> extends infer Ok
    ? [Ok] extends [never]
      ? JsonOf<ResponsesOf<Operation<P, M>>[201 & keyof ResponsesOf<Operation<P, M>>]>
      : Ok
    : never;

/** The JSON body a route takes. */
export type ApiBody<P extends ApiPath, M extends Method> =
  Operation<P, M> extends {
    requestBody?: infer B;
  }
    ? JsonOf<NonNullable<B>>
    : never;

/** A route's query parameters. */
export type ApiQuery<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends {
    parameters: { query?: infer Q };
  }
    ? NonNullable<Q>
    : never;

/** The schemas the server names (components.schemas), by title. */
export type NamedSchema = components['schemas'];

/** One page of a cursor-paged list (`GET /qrcodes`, `/rules`, `/hostnames`, `/api-keys`, ...). */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}
