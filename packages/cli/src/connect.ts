import { createClient, RqApiError, type RqClient } from '@rq/client';
import type { Api } from './api.js';
import { problemError } from './api.js';
import { CliError, EXIT } from './exit-codes.js';
import { VERSION } from './version.js';

export interface Connection {
  server: string;
  apiKey: string;
  /** Told of each 429 or 503 the client is about to wait out, so a person sees why nothing happens. */
  onRetry?: (seconds: number | undefined, status: number) => void;
}

/**
 * The API through @rq/client: its credentials, Idempotency-Key on every POST, retries on 429 and
 * 503 (Retry-After honoured) and problem errors. Commands call its typed operations
 * (`rq.qrcodes.create(...)`); an error answer or no connection reaches them as a CliError.
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
  const rq = withCliErrors(client, connection.server);
  return {
    rq,
    async response(call) {
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call(client.raw);
      } catch (error) {
        throw cliErrorOf(error, connection.server);
      }
      if (!answer.response.ok) {
        const problem = answer.error && typeof answer.error === 'object' ? answer.error : {};
        throw problemError({ ...problem, status: answer.response.status });
      }
      return answer.response;
    },
  };
}

/** The client with every call's error (a promise's or a list's) turned into a CliError; `raw` as it is. */
function withCliErrors<T extends object>(target: T, server: string): T {
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key);
      if (key === 'raw' || value === null) return value;
      if (typeof value === 'function')
        return (...args: unknown[]) => cliErrorsOf(Reflect.apply(value, object, args), server);
      if (typeof value === 'object') return withCliErrors(value, server);
      return value;
    },
  });
}

function cliErrorsOf(result: unknown, server: string): unknown {
  if (result instanceof Promise)
    return result.catch((error: unknown) => {
      throw cliErrorOf(error, server);
    });
  if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
    const items = result as AsyncIterable<unknown>;
    return (async function* () {
      try {
        yield* items;
      } catch (error) {
        throw cliErrorOf(error, server);
      }
    })();
  }
  return result;
}

function cliErrorOf(error: unknown, server: string): CliError {
  if (error instanceof CliError) return error;
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

export type { RqClient };
