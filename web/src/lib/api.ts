import { idToken } from './auth';
import { SITE_API } from './runtimeConfig';

/** One field problem of an application/problem+json answer. */
export interface FieldError {
  path: string;
  message: string;
}

/** An API error answer (RFC 9457 problem details), kept whole so pages can show it in place. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** Calls `/api/v1${path}` (same origin) as the signed-in user; a problem answer becomes an ApiError. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await idToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${SITE_API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The API could not be reached. Check your connection and try again.',
    );
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const problem = (parsed ?? {}) as {
      code?: string;
      detail?: string;
      title?: string;
      errors?: FieldError[];
    };
    throw new ApiError(
      response.status,
      problem.code ?? 'http_error',
      problem.detail ?? problem.title ?? `The API answered HTTP ${response.status}.`,
      Array.isArray(problem.errors) ? problem.errors : [],
    );
  }
  return parsed as T;
}
