import { createClient, type FieldError, type Middleware, RqApiError, WORKSPACE_HEADER } from '@rq/client';
import { idToken } from './auth';
import { SITE_API } from './runtimeConfig';
import { reportWorkspaceGone, workspaceForRequest } from './workspaceChoice';

export type { FieldError };

/**
 * An API error answer (RFC 9457 problem details), kept whole so pages can show it in place: the
 * client package's RqApiError (`status`, `code`, `detail`, `errors`, `role`, the whole `problem`).
 * Pages tell errors apart by `code`.
 */
export { RqApiError as ApiError };

/**
 * The site's one way to the API: @rq/client on the same origin, typed by the OpenAPI document, as
 * the signed-in user (a fresh ID token for every call) in the workspace they work in. It shows a 429
 * or 503 at once rather than waiting to retry: a person is waiting. Call operations by name
 * (`rq.qrcodes.update({ params: { path: { id } }, body })`) or by path (`rq.get('/api/v1/...')`).
 */
export const rq = createClient({ getToken: idToken, retry: false, workspace: signedInWorkspace });

/** The same, outside any workspace: `GET /me`, accepting an invitation, verifying the e-mail address. */
export const rqWithoutWorkspace = createClient({ getToken: idToken, retry: false });

// Signed-out requests name no workspace, and do not wait for one to be settled.
async function signedInWorkspace(): Promise<string | null> {
  return (await idToken()) ? workspaceForRequest() : null;
}

/**
 * A 404 `not_a_member` for the workspace the request named (not a missing object in it): the user
 * was removed from it elsewhere, or it was deleted.
 */
const workspaceGoneWatch: Middleware = {
  async onResponse({ request, response }) {
    const sent = request.headers.get(WORKSPACE_HEADER);
    if (response.status !== 404 || !sent) return undefined;
    const problem: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (problem && typeof problem === 'object' && 'code' in problem && problem.code === 'not_a_member')
      reportWorkspaceGone(sent);
    return undefined;
  },
};
rq.raw.use(workspaceGoneWatch);

/**
 * The signed-in user's authorization and the workspace they work in (`RQ-Workspace`), for every call
 * to the API; empty when signed out. `workspace: false` leaves the workspace out (`GET /me`).
 * For what the client cannot send (EventSource streams, downloads by URL).
 */
export async function authHeaders({ workspace = true } = {}): Promise<Record<string, string>> {
  const token = await idToken();
  if (!token) return {};
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const id = workspace ? await workspaceForRequest() : null;
  if (id) headers['rq-workspace'] = id;
  return headers;
}

/** An error answer's body (problem+json, or anything else) as an ApiError. */
function apiErrorOf(status: number, body: unknown): RqApiError {
  const problem = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return new RqApiError(status, {
    ...problem,
    code: 'code' in problem ? String(problem.code) : 'http_error',
  });
}

const unreachable = () =>
  new RqApiError(0, {
    code: 'network_error',
    detail: 'The API could not be reached. Check your connection and try again.',
  });

/**
 * `fetch` of `/api/v1${path}` for what the typed client `rq` does not cover (files, CSV bodies, event
 * streams), as the signed-in user unless `signedIn: false`. Answers the response when it is OK;
 * an error answer or no connection becomes an ApiError (an abort through `init.signal` stays one).
 */
export async function apiFetch(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
  { signedIn = true } = {},
): Promise<Response> {
  const headers = { ...init.headers, ...(signedIn ? await authHeaders() : {}) };
  let response: Response;
  try {
    response = await fetch(`${SITE_API}${path}`, { ...init, headers });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw unreachable();
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => ({})));
  return response;
}
