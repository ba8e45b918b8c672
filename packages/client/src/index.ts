import createFetchClient, {
  type Client,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { errorOfAnswer, networkError, RqApiError } from './errors.js';
import { OPERATIONS } from './operations.js';
import { type RetryOptions, retryingFetch } from './retry.js';
import type { components, operations, paths } from './schema.js';

export type { FieldError, Problem } from './errors.js';
export { RqApiError } from './errors.js';
export type { RetryOptions } from './retry.js';
export type { components, Middleware, operations, paths };
export { OPERATIONS };

/** The header a signed-in caller names the workspace it works in with; an API key belongs to one and ignores it. */
export const WORKSPACE_HEADER = 'RQ-Workspace';

type MaybePromise<T> = T | Promise<T>;

export interface ClientOptions {
  /** The server, e.g. `https://rq.codes` (paths start at `/api/v1/...`). Default: the page's origin in a browser. */
  baseUrl?: string;
  /** An API key (`rq_...`), sent as `X-API-Key`. */
  apiKey?: string;
  /**
   * Or a function answering a Firebase ID token (asked before every request, so it may refresh it),
   * sent as `Authorization: Bearer`; null/undefined sends no credentials (signed out).
   */
  getToken?: () => MaybePromise<string | null | undefined>;
  /**
   * The workspace to work in (`RQ-Workspace`), or a function answering it; for signed-in callers who
   * belong to several. A request that sets the header itself keeps its own.
   */
  workspace?: string | (() => MaybePromise<string | null | undefined>);
  /** Retries on 429 and 503 honouring Retry-After; `false` turns them off. */
  retry?: RetryOptions | false;
  /** Send every POST with an `Idempotency-Key` (a new UUID per call, the same on its retries). Default true. */
  idempotency?: boolean;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Paths = paths;
/** The typed calls answer JSON (images and CSV are read with `image()` or `raw`). */
type JsonMedia = `${string}/json`;

/** openapi-fetch's rule for whether a call's options may be left out (some path or query parameter is required). */
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

type SuccessOf<R> = Exclude<R, { error: unknown }> extends { data: infer D } ? D : never;
/** What a successful call answers: the parsed body, or undefined for 204. */
export type Answer<P extends keyof Paths, M extends Method, Init = object> = [
  SuccessOf<FetchResponse<Paths[P][M] & Record<string | number, unknown>, Init, JsonMedia>>,
] extends [never]
  ? undefined
  : SuccessOf<FetchResponse<Paths[P][M] & Record<string | number, unknown>, Init, JsonMedia>>;

type DataMethod<M extends Method> = <
  P extends PathsWithMethod<Paths, M>,
  Init extends MaybeOptionalInit<Paths[P], M>,
>(
  url: P,
  ...init: InitParam<Init>
) => Promise<Answer<P, M, Init>>;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body an operation takes, e.g. `Body<'/api/v1/qrcodes', 'post'>`. */
export type Body<P extends keyof Paths, M extends Method> = Paths[P][M] extends { requestBody?: infer B }
  ? JsonContent<NonNullable<B>>
  : never;
/** An operation's query parameters, e.g. `QueryOf<'/api/v1/qrcodes'>`. */
export type QueryOf<P extends keyof Paths, M extends Method = 'get'> = Paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

/**
 * The problem+json an operation answers with `status`, with the members that route names beside
 * the usual ones, e.g. `ProblemAnswer<'/api/v1/qrcodes/import', 'post', 422>` (the failing rows).
 * An RqApiError's `problem` holds it.
 */
export type ProblemAnswer<P extends keyof Paths, M extends Method, S extends number> = Paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/problem+json': infer Problem } }
      ? Problem
      : never
    : never
  : never;

/** The list routes: GET answers `{ data: [...], nextCursor }`. */
export type ListPath = {
  [P in PathsWithMethod<Paths, 'get'>]: Answer<P, 'get'> extends { data: unknown[]; nextCursor: unknown }
    ? P
    : never;
}[PathsWithMethod<Paths, 'get'>];

/** One item of a list route's pages. */
export type ListItem<P extends ListPath> = Answer<P, 'get'> extends { data: (infer T)[] } ? T : never;

type ListInit<P extends ListPath> = MaybeOptionalInit<Paths[P], 'get'>;

type ImageQuery = NonNullable<
  NonNullable<Paths['/api/v1/qrcodes/{id}/image.png']['get']['parameters']['query']>
>;

export interface ImageOptions extends ImageQuery {
  /** PNG (default) or SVG. */
  format?: 'png' | 'svg';
  signal?: AbortSignal;
}

type OperationTable = typeof OPERATIONS;
type Operation = { readonly method: Method; readonly path: keyof Paths };

/** One operation as a method: the same options as its path call (`params`, `body`), the same answer. */
export type OperationMethod<O extends Operation> = <
  Init extends MaybeOptionalInit<Paths[O['path']], O['method']>,
>(
  ...init: InitParam<Init>
) => Promise<Answer<O['path'], O['method'], Init>>;

/** The client's methods by resource (`rq.qrcodes.create(...)`), generated from the OpenAPI operations. */
export type Resources = {
  readonly [R in keyof OperationTable]: {
    readonly [N in keyof OperationTable[R]]: OperationTable[R][N] extends Operation
      ? OperationMethod<OperationTable[R][N]>
      : never;
  };
};

/** A resource's methods, e.g. `ResourceOf<'qrcodes'>`. */
export type ResourceOf<R extends keyof Resources> = Resources[R];

export interface RqClient extends Resources {
  /** Typed calls that answer the body and throw RqApiError for an error answer. */
  get: DataMethod<'get'>;
  post: DataMethod<'post'>;
  put: DataMethod<'put'>;
  patch: DataMethod<'patch'>;
  delete: DataMethod<'delete'>;
  /** Every item of a list route, page after page (following `nextCursor`). */
  list<P extends ListPath>(url: P, ...init: InitParam<ListInit<P>>): AsyncIterable<ListItem<P>>;
  /** The pages of a list route, one answer at a time. */
  pages<P extends ListPath>(url: P, ...init: InitParam<ListInit<P>>): AsyncIterable<Answer<P, 'get'>>;
  /** A code's image as bytes. */
  image(id: string, options?: ImageOptions): Promise<Uint8Array>;
  /** A code's image as a stream of bytes (e.g. to pipe to a file). */
  imageStream(id: string, options?: ImageOptions): Promise<ReadableStream<Uint8Array>>;
  /**
   * openapi-fetch's client with the same credentials, workspace, idempotency and retries: it answers
   * `{ data, error, response }` rather than throwing, and reads other media (`parseAs: 'text'` for CSV).
   */
  raw: Client<Paths>;
}

/** A client of the RQ Codes API. */
export function createClient(options: ClientOptions = {}): RqClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const raw = createFetchClient<Paths>({
    baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
    fetch: options.retry === false ? send : retryingFetch(send, options.retry),
    headers: options.headers,
  });
  raw.use(credentials(options));

  const call =
    (method: Uppercase<Method>) =>
    async (url: string, init?: Record<string, unknown>): Promise<unknown> => {
      let answer: { data?: unknown; error?: unknown; response: Response };
      try {
        answer = await (raw.request as (m: string, u: string, i?: object) => Promise<typeof answer>)(
          method,
          url,
          init,
        );
      } catch (error) {
        throw error instanceof RqApiError || isAbort(error) ? error : networkError(error);
      }
      if (!answer.response.ok) throw errorOfAnswer(answer.response, answer.error);
      return answer.data;
    };
  const get = call('GET') as RqClient['get'];

  async function* pages(url: string, init?: { params?: { query?: Record<string, unknown> } }) {
    let cursor = init?.params?.query?.cursor as string | null | undefined;
    do {
      const query = { ...init?.params?.query, ...(cursor ? { cursor } : {}) };
      const page = (await (get as (u: string, i: object) => Promise<unknown>)(url, {
        ...init,
        params: { ...init?.params, query },
      })) as { data: unknown[]; nextCursor: string | null };
      yield page;
      cursor = page.nextCursor;
    } while (cursor);
  }
  async function* list(url: string, init?: object) {
    for await (const page of pages(url, init)) yield* page.data;
  }

  async function imageStream(id: string, { format = 'png', signal, ...query }: ImageOptions = {}) {
    const path = format === 'svg' ? '/api/v1/qrcodes/{id}/image.svg' : '/api/v1/qrcodes/{id}/image.png';
    const body = await call('GET')(path, {
      params: { path: { id }, query },
      parseAs: 'stream',
      ...(signal ? { signal } : {}),
    });
    return body as ReadableStream<Uint8Array>;
  }
  async function image(id: string, options: ImageOptions = {}) {
    const bytes = await new Response(await imageStream(id, options)).arrayBuffer();
    return new Uint8Array(bytes);
  }

  const resources = Object.fromEntries(
    Object.entries(OPERATIONS).map(([resource, methods]) => [
      resource,
      Object.fromEntries(
        Object.entries(methods).map(([name, { method, path }]) => [
          name,
          (init?: Record<string, unknown>) => call(method.toUpperCase() as Uppercase<Method>)(path, init),
        ]),
      ),
    ]),
  ) as Resources;

  return {
    ...resources,
    get,
    post: call('POST') as RqClient['post'],
    put: call('PUT') as RqClient['put'],
    patch: call('PATCH') as RqClient['patch'],
    delete: call('DELETE') as RqClient['delete'],
    pages: pages as RqClient['pages'],
    list: list as RqClient['list'],
    image,
    imageStream,
    raw,
  };
}

/** Credentials, the workspace and the Idempotency-Key, added to every request before it is sent. */
function credentials(options: ClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      const headers = request.headers;
      if (!headers.has('authorization') && !headers.has('x-api-key')) {
        if (options.apiKey) headers.set('x-api-key', options.apiKey);
        else if (options.getToken) {
          const token = await options.getToken();
          if (token) headers.set('authorization', `Bearer ${token}`);
        }
      }
      if (!headers.has(WORKSPACE_HEADER) && options.workspace) {
        const workspace =
          typeof options.workspace === 'function' ? await options.workspace() : options.workspace;
        if (workspace) headers.set(WORKSPACE_HEADER, workspace);
      }
      // A create sent twice (a retry, a lost answer) must create once: the server replays the first answer.
      if (request.method === 'POST' && options.idempotency !== false && !headers.has('idempotency-key')) {
        headers.set('idempotency-key', globalThis.crypto.randomUUID());
      }
      return request;
    },
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export type { HttpMethod };
