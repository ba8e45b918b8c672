/**
 * API errors as values (RFC 9457 problem details). Every error the API sends has a stable `code`
 * from this catalogue; the docs page /docs/api/errors explains each one under its own anchor.
 */

export interface FieldError {
  /** JSON Pointer into the request, e.g. "/style/dots/type" or "/query/limit". */
  path: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
  /** The request's id (its `x-request-id`), added as the answer is sent (plugins/errors.ts). */
  requestId?: string;
  [extension: string]: unknown;
}

export const PROBLEM_CATALOGUE = {
  bad_request: { status: 400, title: 'Bad request' },
  malformed_json: { status: 400, title: 'Malformed JSON' },
  validation_failed: { status: 400, title: 'Validation failed' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  limit_reached: { status: 402, title: 'Limit reached' },
  forbidden: { status: 403, title: 'Forbidden' },
  email_unverified: { status: 403, title: 'E-mail address not verified' },
  email_mismatch: { status: 403, title: 'Invitation is for another e-mail address' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  not_found: { status: 404, title: 'Not found' },
  not_a_member: { status: 404, title: 'Not a member of the workspace' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  personal_workspace: { status: 409, title: 'Personal workspace' },
  owner_must_transfer: { status: 409, title: 'Transfer the workspace first' },
  already_member: { status: 409, title: 'Already a member' },
  invitation_pending: { status: 409, title: 'Invitation already pending' },
  invitation_used: { status: 409, title: 'Invitation already accepted' },
  invitation_expired: { status: 410, title: 'Invitation expired' },
  invitation_revoked: { status: 410, title: 'Invitation revoked' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  unscannable_design: { status: 422, title: 'Unscannable design' },
  unprocessable: { status: 422, title: 'Unprocessable content' },
  confirmation_required: { status: 422, title: 'Confirmation required' },
  scan_unknown: { status: 422, title: 'Unknown scan' },
  scan_expired: { status: 422, title: 'Scan past the attribution window' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal server error' },
  bad_gateway: { status: 502, title: 'Bad gateway' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEM_CATALOGUE;

/** Where the docs explain a code; set once at start from the public URL. */
let docsBase = 'http://localhost:8080/docs/api/errors';
export function setProblemDocsBase(publicUrl: string): void {
  docsBase = `${publicUrl}/docs/api/errors`;
}

export class Problem extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly options: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'Problem';
    this.status = PROBLEM_CATALOGUE[code].status;
    this.headers = options.headers ?? {};
  }

  toBody(): ProblemBody {
    return problemBody(this.code, this.detail, this.options.errors, this.options.extensions);
  }
}

export function problemBody(
  code: ProblemCode,
  detail: string,
  errors?: FieldError[],
  extensions?: Record<string, unknown>,
): ProblemBody {
  const { status, title } = PROBLEM_CATALOGUE[code];
  return {
    type: `${docsBase}#${code.replaceAll('_', '-')}`,
    title,
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...extensions,
  };
}

export const notFound = (what = 'resource'): Problem =>
  new Problem('not_found', `No ${what} with that id exists in this account.`);

export const validationFailed = (errors: FieldError[], detail?: string): Problem =>
  new Problem('validation_failed', detail ?? errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; '), {
    errors,
  });
