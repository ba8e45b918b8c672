import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { type FieldError, Problem, type ProblemCode, problemBody } from '../shared/problem.js';

const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).headers(problem.headers).type(PROBLEM_JSON).send(problem.toBody());
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
  keyword: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

/** Turns Ajv's errors into field paths a caller can act on: "/body/style/size". */
export function fieldErrorsOf(issues: readonly AjvIssue[], prefix: string): FieldError[] {
  return issues.map((issue) => {
    let path = issue.instancePath;
    const { missingProperty, additionalProperty } = issue.params;
    if (issue.keyword === 'required' && typeof missingProperty === 'string') {
      path = `${path}/${missingProperty}`;
    } else if (issue.keyword === 'additionalProperties' && typeof additionalProperty === 'string') {
      path = `${path}/${additionalProperty}`;
    }
    const message =
      issue.keyword === 'additionalProperties'
        ? 'is not a known field'
        : issue.keyword === 'required'
          ? 'is required'
          : (issue.message ?? 'is invalid');
    return { path: `${prefix}${path}`, message };
  });
}

function fieldErrors(error: FastifyError): FieldError[] {
  // Paths name the part of the request as our docs do: /body, /query, /params, /headers.
  const context = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  return fieldErrorsOf(error.validation ?? [], `/${context}`);
}

export function toProblem(error: FastifyError | Problem): Problem {
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
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new Problem(mapped, error.message);
  if (error.statusCode === 429) {
    return new Problem('rate_limited', error.message);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new Problem('bad_request', error.message);
  }
  return new Problem(
    'internal_error',
    'Something went wrong on our side. The request id identifies it in our logs.',
  );
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
 * Every error leaves as application/problem+json. Unknown paths are 404, known paths with
 * another method 405 with an Allow header, and anything unexpected 500 without internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // A shadow router that knows every path and method, so a miss can tell 404 from 405.
    const known = FindMyWay({ ignoreTrailingSlash: true });
    app.decorate('notFoundPage', { render: null });
    app.addHook('onRoute', (route) => {
      if (route.url === '/*') return; // the site's catch-all says nothing about API paths
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
      const problem = toProblem(error);
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
