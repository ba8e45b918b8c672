import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { patternMessage } from '../shared/pattern-words.js';
import { type FieldError, Problem, type ProblemCode, problemBody } from '../shared/problem.js';
import { ProblemSchema } from '../shared/problem-schema.js';

const PROBLEM_JSON = 'application/problem+json; charset=utf-8';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's own request id is kept (so logs join up across services) when it is sane; it is echoed back. */
export function useRequestId(request: FastifyRequest, reply: FastifyReply): void {
  if (!REQUEST_ID.test(request.id)) request.id = randomUUID();
  reply.header('x-request-id', request.id);
}

/**
 * Answers `problem` as application/problem+json. The body's `requestId` is the `x-request-id` the
 * answer carries, so a caller who reports only the body still names the request in our logs.
 */
export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (!reply.hasHeader('x-request-id')) useRequestId(reply.request, reply);
  const body = { ...problem.toBody(), requestId: reply.request.id };
  return reply.code(problem.status).headers(problem.headers).type(PROBLEM_JSON).send(body);
}

/** Fastify's own error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, ProblemCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'bad_request',
};

/** Ajv's error objects, as far as field paths need them. */
export interface AjvIssue {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

const listed = (values: readonly unknown[]) =>
  values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');

/**
 * One line for a failed choice of values: a union of literals (anyOf of consts, maybe with null)
 * fails once per branch, which would read as seven "must be equal to constant" lines.
 */
function choiceMessage(branches: readonly AjvIssue[], instancePath: string): string | undefined {
  const values: unknown[] = [];
  const types: string[] = [];
  for (const branch of branches) {
    if (branch.instancePath !== instancePath) return undefined;
    if (branch.keyword === 'const') values.push(branch.params.allowedValue);
    else if (branch.keyword === 'enum') values.push(...((branch.params.allowedValues as unknown[]) ?? []));
    else if (branch.keyword === 'type') types.push(String(branch.params.type));
    else return undefined;
  }
  if (values.length === 0) return types.length > 0 ? `must be ${typesInWords(types)}` : undefined;
  if (types.every((type) => type === 'null')) values.push(...types.map(() => null));
  else values.push(...types.map((type) => `any ${type}`));
  return `must be one of: ${listed(values)}`;
}

/**
 * The issues of a union's branches that failed only on the value's type, when another branch
 * took the type and failed on something else (that branch says what is wrong). Empty otherwise.
 */
function typeMissedBranches(union: AjvIssue, branches: readonly AjvIssue[]): AjvIssue[] {
  const byBranch = new Map<string, AjvIssue[]>();
  for (const branch of branches) {
    const index = branch.schemaPath?.slice((union.schemaPath as string).length + 1).split('/')[0] ?? '';
    byBranch.set(index, [...(byBranch.get(index) ?? []), branch]);
  }
  const typeOnly = (list: AjvIssue[]) =>
    list.every((issue) => issue.keyword === 'type' && issue.instancePath === union.instancePath);
  const missed = [...byBranch.values()].filter(typeOnly);
  return missed.length > 0 && missed.length < byBranch.size ? missed.flat() : [];
}

/** Ajv's issues with each failed union of literals folded into one issue. */
function foldChoices(issues: readonly AjvIssue[]): AjvIssue[] {
  const folded = new Set<AjvIssue>();
  const messages = new Map<AjvIssue, string>();
  for (const issue of issues) {
    if ((issue.keyword !== 'anyOf' && issue.keyword !== 'oneOf') || !issue.schemaPath) continue;
    const branches = issues.filter((other) => other.schemaPath?.startsWith(`${issue.schemaPath}/`));
    const message = choiceMessage(branches, issue.instancePath);
    if (message === undefined) {
      // A value of the right type for one branch ("41" for an integer-or-null) is judged by that
      // branch alone: "must be at most 40", not that and "must be null" and "must match anyOf".
      const missed = typeMissedBranches(issue, branches);
      if (missed.length > 0) {
        folded.add(issue);
        for (const branch of missed) folded.add(branch);
      }
      continue;
    }
    for (const branch of branches) folded.add(branch);
    messages.set(issue, message);
  }
  return issues
    .filter((issue) => !folded.has(issue))
    .map((issue) => {
      const message = messages.get(issue);
      return message === undefined ? issue : { ...issue, keyword: 'choice', message };
    });
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** JSON Schema types as a reader says them: "string,null" is "a string or null". */
function typesInWords(types: readonly string[]): string {
  return types.map((type) => TYPE_WORDS[type] ?? type).join(' or ');
}

function messageOf(issue: AjvIssue): string {
  switch (issue.keyword) {
    case 'type':
      return `must be ${typesInWords(String(issue.params.type).split(','))}`;
    case 'additionalProperties':
      return 'is not a known field';
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of: ${listed((issue.params.allowedValues as unknown[]) ?? [])}`;
    case 'const':
      return `must be ${listed([issue.params.allowedValue])}`;
    case 'pattern':
      return patternMessage(issue.params.pattern) ?? issue.message ?? 'is invalid';
    case 'maximum':
      return `must be at most ${issue.params.limit}`;
    case 'minimum':
      return `must be at least ${issue.params.limit}`;
    case 'maxLength':
      return `must be at most ${issue.params.limit} characters`;
    case 'minLength':
      return issue.params.limit === 1
        ? 'must not be empty'
        : `must be at least ${issue.params.limit} characters`;
    case 'maxItems':
      return `must have at most ${issue.params.limit} items`;
    case 'minItems':
      return `must have at least ${issue.params.limit} items`;
    default:
      return issue.message ?? 'is invalid';
  }
}

/** Turns Ajv's errors into field paths a caller can act on: "/body/style/size". */
export function fieldErrorsOf(issues: readonly AjvIssue[], prefix: string): FieldError[] {
  const errors = foldChoices(issues).map((issue) => {
    let path = issue.instancePath;
    const { missingProperty, additionalProperty } = issue.params;
    if (issue.keyword === 'required' && typeof missingProperty === 'string') {
      path = `${path}/${missingProperty}`;
    } else if (issue.keyword === 'additionalProperties' && typeof additionalProperty === 'string') {
      path = `${path}/${additionalProperty}`;
    }
    return { path: `${prefix}${path}`, message: messageOf(issue) };
  });
  // One thing per field: the first issue Ajv found there (a too-long pattern-breaking string is
  // told it is too long, and told the rest once that is fixed).
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.path) && seen.add(error.path) !== undefined);
}

function fieldErrors(error: FastifyError): FieldError[] {
  // Paths name the part of the request as our docs do: /body, /query, /params, /headers.
  const context = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  return fieldErrorsOf(error.validation ?? [], `/${context}`);
}

/** What a refused media type is told, naming the type it sent. */
function unsupportedMediaType(request: FastifyRequest | undefined): Problem {
  const sent = request?.headers['content-type'];
  const what = sent ? `a body of type "${sent.split(';')[0]?.trim()}"` : 'a body without a Content-Type';
  return new Problem(
    'unsupported_media_type',
    `This endpoint does not accept ${what}. JSON endpoints take Content-Type: application/json (PATCH also application/merge-patch+json).`,
  );
}

export function toProblem(error: FastifyError | Problem, request?: FastifyRequest): Problem {
  if (error instanceof Problem) return error;
  if (error.validation) {
    const errors = fieldErrors(error);
    return new Problem('validation_failed', errors.map((e) => `${e.path} ${e.message}`).join('; '), {
      errors,
    });
  }
  // PostgreSQL refuses NUL and invalid UTF-8 in text: that is the caller's input, not our failure.
  if (error.code === '22021' || error.code === '22P05') {
    return new Problem('bad_request', 'Text must not contain NUL characters or invalid UTF-8.');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType(request);
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new Problem(mapped, error.message);
  if (error.statusCode === 429) {
    return new Problem('rate_limited', error.message);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new Problem('bad_request', error.message);
  }
  if (isDatabaseUnavailable(error)) {
    return new Problem('unavailable', 'The database cannot be reached right now; try again shortly.', {
      headers: { 'retry-after': '5' },
    });
  }
  return new Problem(
    'internal_error',
    'Something went wrong on our side. The request id identifies it in our logs.',
  );
}

/** Errors Fastify's router meets before any route or hook runs (a bad %-escape, an overlong segment). */
function routerProblem(error: FastifyError, request: FastifyRequest): Problem {
  const pathname = request.url.split('?')[0] ?? '/';
  if (error.code === 'FST_ERR_BAD_URL') {
    return new Problem(
      'bad_request',
      `The path ${JSON.stringify(pathname)} has an invalid percent-escape; write a literal % as %25.`,
    );
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new Problem('bad_request', 'A path segment is longer than 256 characters; no id is that long.');
  }
  return toProblem(error, request);
}

/**
 * Fastify's `frameworkErrors`: router errors are answered like every other error. No hook has run
 * for them, so the request id header is set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  useRequestId(request, reply);
  const problem = routerProblem(error, request);
  request.log.info({ code: problem.code, detail: problem.detail }, 'request refused');
  return sendProblem(reply, problem);
}

/** Paths of Infinity and NaN values in parsed input (bounded depth: bodies are size-capped anyway). */
function nonFiniteNumbers(value: unknown, path: string, depth = 0): FieldError[] {
  if (typeof value === 'number')
    return Number.isFinite(value) ? [] : [{ path, message: 'must be a finite number' }];
  if (value === null || typeof value !== 'object' || depth > 32) return [];
  return Object.entries(value).flatMap(([key, item]) => nonFiniteNumbers(item, `${path}/${key}`, depth + 1));
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The refusals every documented route can answer whatever it does, in its OpenAPI entry: a 400
 * where anything of the request is validated, and where a body is read a 413 (too large) and a
 * 415 (not JSON). Routes list only the answers of their own logic.
 */
function documentRefusals(route: RouteOptions): void {
  const schema = route.schema as
    | { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> }
    | undefined;
  if (!schema?.response) return;
  if (schema.body || schema.querystring || schema.params) schema.response['400'] ??= ProblemSchema;
  if (schema.body) {
    schema.response['413'] ??= ProblemSchema;
    schema.response['415'] ??= ProblemSchema;
  }
}

/**
 * Every error leaves as application/problem+json. Unknown paths are 404, known paths with
 * another method 405 with an Allow header, and anything unexpected 500 without internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // A shadow router that knows every path and method, so a miss can tell 404 from 405.
    const known = FindMyWay({ ignoreTrailingSlash: true });
    app.decorate('notFoundPage', { render: null });
    app.addHook('onRoute', (route) => {
      // Catch-alls (the site's pages, CORS preflights) say nothing about which paths exist.
      if (route.url === '/*' || route.url === '*') return;
      documentRefusals(route);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if ((METHODS as readonly string[]).includes(method)) {
          try {
            known.on(method as (typeof METHODS)[number], route.url, () => undefined);
          } catch {
            // the same path registered twice for one method (HEAD beside GET) is fine
          }
        }
      }
    });

    // `1e309` parses (JSON) or coerces (query) to Infinity, which passes minimum/maximum checks.
    app.addHook('preHandler', async (request) => {
      const errors = [
        ...nonFiniteNumbers(request.query, '/query'),
        ...nonFiniteNumbers(request.body, '/body'),
      ];
      if (errors.length > 0) {
        throw new Problem('validation_failed', errors.map((e) => `${e.path} ${e.message}`).join('; '), {
          errors,
        });
      }
    });

    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const problem = toProblem(error, request);
      if (problem.status >= 500 && !(error instanceof Problem)) {
        request.log.error({ err: error }, 'request failed');
      } else if (problem.status >= 500) {
        // A 5xx we chose to answer (the database is down): worth a warning, not a stack trace.
        request.log.warn({ code: problem.code, detail: problem.detail }, 'request not served');
      } else {
        request.log.info({ code: problem.code, detail: problem.detail }, 'request refused');
      }
      return sendProblem(reply, problem);
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const allowed = METHODS.filter((m) => m !== request.method && known.find(m, pathname));
      if (allowed.length > 0) {
        return sendProblem(
          reply,
          new Problem('method_not_allowed', `${request.method} is not allowed on ${pathname}.`, {
            headers: { allow: allowed.join(', ') },
          }),
        );
      }
      const page = app.notFoundPage.render;
      if (page && !pathname.startsWith('/api/') && request.method === 'GET') {
        return page(request, reply);
      }
      return sendProblem(reply, new Problem('not_found', `Nothing is at ${request.method} ${pathname}.`));
    });
  },
  { name: 'errors' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** A miss outside /api/ is answered by this page when set (the site's 404 page, by the web plugin). */
    notFoundPage: { render: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null };
  }
}

export { problemBody };
