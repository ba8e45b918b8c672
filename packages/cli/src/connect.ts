import { createClient, RqApiError } from '@rq/client';
import type { Api, CallOptions, Query } from './api.js';
import { problemError } from './api.js';
import { CliError, EXIT } from './exit-codes.js';
import { VERSION } from './version.js';

export interface Connection {
  server: string;
  apiKey: string;
  /** Told of each 429 or 503 the client is about to wait out, so a person sees why nothing happens. */
  onRetry?: (seconds: number | undefined, status: number) => void;
}

type RawRequest = (
  method: string,
  url: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The API through @rq/client: its credentials, Idempotency-Key on every POST, retries on 429 and
 * 503 (Retry-After honoured) and problem errors. Commands name paths under /api/v1 as strings.
 */
export function connect(connection: Connection): Api {
  const client = createClient({
    baseUrl: connection.server,
    apiKey: connection.apiKey,
    headers: { 'user-agent': `rq-cli/${VERSION}` },
    fetch: async (request) => {
      const response = await fetch(request);
      if (response.status === 429 || response.status === 503) {
        const header = response.headers.get('retry-after');
        connection.onRetry?.(header && /^\d+$/.test(header) ? Number(header) : undefined, response.status);
      }
      return response;
    },
  });
  const request = client.raw.request as unknown as RawRequest;

  async function send(method: string, path: string, options: CallOptions, parseAs: string) {
    const raw = typeof options.body === 'string' || options.body instanceof Uint8Array;
    const init: Record<string, unknown> = { params: { query: cleanQuery(options.query) }, parseAs };
    if (options.body !== undefined) {
      init.body = options.body;
      if (raw) init.bodySerializer = (body: unknown) => body;
    }
    const headers: Record<string, string> = {};
    if (options.contentType) headers['content-type'] = options.contentType;
    if (options.accept) headers.accept = options.accept;
    init.headers = headers;
    let answer: Awaited<ReturnType<RawRequest>>;
    try {
      answer = await request(method, `/api/v1${path}`, init);
    } catch (error) {
      throw cliErrorOf(error, connection.server);
    }
    if (!answer.response.ok) {
      const problem = (answer.error && typeof answer.error === 'object' ? answer.error : {}) as object;
      throw problemError({ ...problem, status: answer.response.status });
    }
    return answer;
  }

  return {
    async json<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
      return (await send(method, path, options, 'json')).data as T;
    },
    async raw(method: string, path: string, options: CallOptions = {}): Promise<Response> {
      return (await send(method, path, options, 'stream')).response;
    },
    async *pages<T>(path: string, query: Query = {}) {
      let cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
      do {
        const page = await this.json<{ data: T[]; nextCursor: string | null }>('GET', path, {
          query: { ...query, cursor },
        });
        yield page;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
  };
}

function cleanQuery(query: Query | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => value !== undefined));
}

function cliErrorOf(error: unknown, server: string): CliError {
  if (error instanceof RqApiError) {
    if (error.status === 0) {
      const cause = (error.cause as { cause?: { code?: string } } | undefined)?.cause?.code;
      return new CliError(`Cannot reach ${server}${cause ? ` (${cause})` : ''}.`, EXIT.unavailable);
    }
    return problemError({ ...error.problem, status: error.status });
  }
  if (error instanceof TypeError)
    return new CliError(`Cannot reach ${server}: ${error.message}.`, EXIT.unavailable);
  return new CliError(String((error as Error)?.message ?? error), EXIT.error);
}
