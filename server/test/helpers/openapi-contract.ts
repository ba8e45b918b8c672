import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Every answer a test receives through `inject` is checked against the app's own OpenAPI document:
 * its status is one the operation lists, its media type one that status lists, and a JSON body
 * matches the schema there. A mismatch is recorded, not thrown, so the test's own assertions
 * still run; the setup file (contract-setup.ts) fails the test with the list afterwards.
 */

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const violations: string[] = [];

/** The violations recorded since the last call, which clears them. */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface PathMatcher {
  template: string;
  pattern: RegExp;
  /** Fewer parameters first: `/qrcodes/export` wins over `/qrcodes/{id}`. */
  parameters: number;
}

function pathMatchers(document: Document): PathMatcher[] {
  return Object.keys(document.paths)
    .map((template) => {
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return {
        template,
        pattern: new RegExp(`^${source}/?$`),
        parameters: (template.match(/\{/g) ?? []).length,
      };
    })
    .sort((a, b) => a.parameters - b.parameters);
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly matchers: PathMatcher[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi');
    this.matchers = pathMatchers(document);
  }

  check(method: string, url: string, response: LightMyRequestResponse): string | null {
    const pathname = url.split('?')[0] ?? url;
    const matcher = this.matchers.find((m) => m.pattern.test(pathname));
    const verb = method.toLowerCase();
    const operation = matcher ? this.document.paths[matcher.template]?.[verb] : undefined;
    // Undocumented paths and methods (the site, 404s, 405s, HEAD) have no contract to hold.
    if (!matcher || !operation) return null;
    const where = `${method} ${url} → ${response.statusCode}`;
    const status = String(response.statusCode);
    const declared = operation.responses?.[status] ?? operation.responses?.default;
    if (!declared) {
      return `${where}: status ${status} is not in the OpenAPI document (it lists ${Object.keys(operation.responses ?? {}).join(', ')})`;
    }
    const contentType = String(response.headers['content-type'] ?? '');
    const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (response.rawPayload.length === 0 || mediaType === '') return null;
    const media = declared.content?.[mediaType];
    if (!media) {
      return `${where}: answered ${mediaType}, the document lists ${Object.keys(declared.content ?? {}).join(', ') || 'no body'}`;
    }
    if (!/json$/.test(mediaType) || media.schema === undefined) return null;
    const key = `${matcher.template} ${verb} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const status = operation.responses?.[String(response.statusCode)]
        ? String(response.statusCode)
        : 'default';
      validate = this.ajv.compile({
        $ref: `openapi#/${pointer('paths', matcher.template, verb, 'responses', status, 'content', mediaType, 'schema')}`,
      });
      this.validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return `${where}: ${mediaType} body is not JSON`;
    }
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ');
    return `${where}: body does not match the documented schema: ${errors}`;
  }
}

/** Wraps the app's `inject` so each answer is checked (see above). Call after `app.ready()`. */
export function checkAnswersAgainstOpenApi(app: FastifyInstance): void {
  let checker: ContractChecker | undefined;
  const original = app.inject.bind(app) as (
    options: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  const wrapped = async (options: InjectOptions | string) => {
    const response = await original(options);
    const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET');
    const url = typeof options === 'string' ? options : String(options.url ?? options.path ?? '/');
    checker ??= new ContractChecker(app.swagger() as unknown as Document);
    const violation = checker.check(String(method), url, response);
    if (violation) violations.push(violation);
    return response;
  };
  // The chained form (`inject()` without options) is left as it is: tests use the promise form.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (original as (...args: unknown[]) => unknown)(options, callback)
      : wrapped(options)) as FastifyInstance['inject'];
}
