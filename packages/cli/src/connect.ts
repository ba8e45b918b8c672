import { randomUUID } from 'node:crypto';
import { type Api, type CallOptions, networkError, type Problem, problemError, queryString } from './api.js';
import { CliError, exitCodeForStatus } from './exit-codes.js';

export interface Connection {
  server: string;
  apiKey: string;
  /** Told before each wait on a 429 or 503, so a person sees why nothing happens. */
  onRetry?: (seconds: number, status: number) => void;
  /** Retries of one call on 429 and 503 (default 3). */
  retries?: number;
}

const USER_AGENT = 'rq-cli/0.1.0';

/** The API over fetch. PROVISIONAL: replaced by @rq/client once it is merged. */
export function connect(connection: Connection): Api {
  const base = `${connection.server}/api/v1`;
  const retries = connection.retries ?? 3;

  async function send(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${connection.apiKey}`,
      'user-agent': USER_AGENT,
    };
    if (options.accept) headers.accept = options.accept;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (options.body !== undefined) {
      const raw = typeof options.body === 'string' || options.body instanceof Uint8Array;
      body = raw ? (options.body as string | Uint8Array<ArrayBuffer>) : JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    // One key for every retry of this call: a create the server did but whose answer was lost is not made twice.
    if (method === 'POST') headers['idempotency-key'] = randomUUID();
    const url = `${base}${path}${queryString(options.query)}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, { method, headers, body });
      } catch (error) {
        throw networkError(connection.server, error);
      }
      if ((response.status === 429 || response.status === 503) && attempt < retries) {
        const seconds = retryAfterSeconds(response.headers.get('retry-after'), attempt);
        await response.body?.cancel();
        connection.onRetry?.(seconds, response.status);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      if (!response.ok) throw await answerError(response);
      return response;
    }
  }

  return {
    async json<T>(method: string, path: string, options?: CallOptions): Promise<T> {
      const response = await send(method, path, options);
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    },
    raw: send,
    async *pages<T>(path: string, query: CallOptions['query'] = {}) {
      let cursor: string | undefined;
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

function retryAfterSeconds(header: string | null, attempt: number): number {
  const seconds = Number(header);
  if (header && Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return 2 ** attempt;
}

async function answerError(response: Response): Promise<CliError> {
  const text = await response.text();
  try {
    const problem = JSON.parse(text) as Problem;
    return problemError({ ...problem, status: response.status });
  } catch {
    return new CliError(
      `The server answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}.`,
      exitCodeForStatus(response.status),
    );
  }
}
