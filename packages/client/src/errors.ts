/** One field problem of an application/problem+json answer: a JSON pointer into the request and what is wrong. */
export interface FieldError {
  /** Where the problem is, e.g. `/body/target` or `/query/limit`. */
  path: string;
  message: string;
}

/** The fields of an RFC 9457 problem answer that the API sends (errors come as application/problem+json). */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  code?: string;
  detail?: string;
  errors?: FieldError[];
  /** For a 403 `forbidden`: the weakest role that may do it. */
  role?: string;
  /** The request's id, as in the answer's `x-request-id` header: quote it when you report a problem. */
  requestId?: string;
  [key: string]: unknown;
}

/**
 * An error answer of the API (or no answer at all: status 0, code `network_error`). `code` is the
 * API's stable error code (`validation_failed`, `not_found`, `rate_limited`...), `errors` the field
 * paths of a validation failure.
 */
export class RqApiError extends Error {
  override readonly name: string = 'RqApiError';
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldError[];
  /** For a 403 `forbidden`: the weakest role that may do it. */
  readonly role: string | undefined;
  /** The request's id (`x-request-id`), which names it in the server's logs; undefined without an answer. */
  readonly requestId: string | undefined;
  /** The whole problem answer, for fields this class does not name. */
  readonly problem: Problem;
  /** Seconds the server asked to wait (Retry-After) on a 429 or 503, when it said. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    problem: Problem,
    options: { retryAfter?: number | undefined; cause?: unknown } = {},
  ) {
    const detail = problem.detail ?? problem.title ?? `The API answered HTTP ${status}.`;
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = problem.code ?? (status === 0 ? 'network_error' : 'http_error');
    this.detail = detail;
    this.errors = Array.isArray(problem.errors) ? problem.errors.filter(isFieldError) : [];
    this.role = typeof problem.role === 'string' ? problem.role : undefined;
    this.requestId = typeof problem.requestId === 'string' ? problem.requestId : undefined;
    this.problem = problem;
    this.retryAfter = options.retryAfter;
  }
}

function isFieldError(value: unknown): value is FieldError {
  const field = value as FieldError | null;
  return typeof field?.path === 'string' && typeof field.message === 'string';
}

/** The error for an answer that is not 2xx, from its body as openapi-fetch read it (parsed JSON or text). */
export function errorOfAnswer(response: Response, body: unknown): RqApiError {
  const problem: Problem =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Problem)
      : { detail: typeof body === 'string' && body.trim() ? body.trim().slice(0, 500) : undefined };
  // An answer that is not problem+json (a proxy's) may still carry the header.
  const requestId = response.headers.get('x-request-id');
  if (problem.requestId === undefined && requestId !== null) problem.requestId = requestId;
  return new RqApiError(response.status, problem, {
    retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
  });
}

/** The error for a request that got no answer (DNS, refused connection, offline). */
export function networkError(cause: unknown): RqApiError {
  return new RqApiError(
    0,
    { code: 'network_error', detail: 'The API could not be reached. Check your connection and try again.' },
    { cause },
  );
}

/** Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
