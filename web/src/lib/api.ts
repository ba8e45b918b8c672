import { idToken } from './auth';
import { SITE_API } from './runtimeConfig';
import { reportWorkspaceGone, workspaceForRequest } from './workspaceChoice';

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
    /** For a 403 `forbidden`: the weakest role that may do it. */
    readonly role?: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/**
 * The signed-in user's authorization and the workspace they work in (`RQ-Workspace`), for every call
 * to the API; empty when signed out. `workspace: false` leaves the workspace out (`GET /me`).
 */
export async function authHeaders({ workspace = true } = {}): Promise<Record<string, string>> {
  const token = await idToken();
  if (!token) return {};
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const id = workspace ? await workspaceForRequest() : null;
  if (id) headers['rq-workspace'] = id;
  return headers;
}

/** Calls `/api/v1${path}` (same origin) as the signed-in user; a problem answer becomes an ApiError. */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { workspace?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...(await authHeaders(options)) };
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
    const sentWorkspace = headers['rq-workspace'];
    const problem = (parsed ?? {}) as {
      code?: string;
      detail?: string;
      title?: string;
      errors?: FieldError[];
      role?: string;
    };
    // A 404 naming the workspace itself (not an object in it): the user was removed from it elsewhere.
    if (response.status === 404 && sentWorkspace && problem.detail?.includes(sentWorkspace))
      reportWorkspaceGone(sentWorkspace);
    throw new ApiError(
      response.status,
      problem.code ?? 'http_error',
      problem.detail ?? problem.title ?? `The API answered HTTP ${response.status}.`,
      Array.isArray(problem.errors) ? problem.errors : [],
      typeof problem.role === 'string' ? problem.role : undefined,
    );
  }
  return parsed as T;
}
