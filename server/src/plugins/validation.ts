import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchema, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilerFromPool = (
  externalSchemas: unknown,
  options: { customOptions: Record<string, unknown>; plugins?: unknown },
) => FastifySchemaCompiler<FastifySchema>;

const SHARED_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: true };

/** Query strings, path parameters and headers are text: `?limit=10` must reach the schema as 10. */
const TEXT_PARTS = new Set(['querystring', 'params', 'headers']);

/**
 * Route validators, one Ajv per kind of input. A JSON body carries its own types, so it is never
 * coerced: `"hidden": "false"` or `"tags": "menu"` is a 400 naming the field, not a silent guess.
 * The text parts of a request are coerced (and a lone `?tag=a` becomes `["a"]`). Anything else
 * (`request.compileValidationSchema` in a handler) checks JSON and is strict too.
 */
export function validationSchemaController(): SchemaController {
  const fromPool = AjvCompiler() as unknown as CompilerFromPool;
  const buildValidator = (externalSchemas: unknown, serverOptions?: { plugins?: unknown }) => {
    const plugins = serverOptions?.plugins ? { plugins: serverOptions.plugins } : {};
    const strict = fromPool(externalSchemas, {
      ...plugins,
      customOptions: { ...SHARED_OPTIONS, coerceTypes: false },
    });
    const coercing = fromPool(externalSchemas, {
      ...plugins,
      customOptions: { ...SHARED_OPTIONS, coerceTypes: 'array' },
    });
    const compile: FastifySchemaCompiler<FastifySchema> = (route) =>
      (TEXT_PARTS.has(route.httpPart ?? '') ? coercing : strict)(route);
    return compile;
  };
  // Fastify types this factory as Ajv's own compile function; the route-object form is what it calls.
  return { compilersFactory: { buildValidator } } as unknown as SchemaController;
}

/** Checks a JSON value against a schema; on failure its `errors` are Ajv's (see fieldErrorsOf). */
export type JsonValidator = FastifySchemaValidationFunction;
type FastifySchemaValidationFunction = ((value: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * A validator that checks JSON exactly as a route checks its body (strict types, defaults filled
 * in), for values that arrive inside a body and are checked one by one (the items of a bulk create).
 */
export function compileJsonValidator(schema: unknown): JsonValidator {
  const fromPool = AjvCompiler() as unknown as CompilerFromPool;
  const compile = fromPool({}, { customOptions: { ...SHARED_OPTIONS, coerceTypes: false } });
  const route = { schema, method: 'POST', url: '/', httpPart: 'body' };
  return compile(route as unknown as Parameters<typeof compile>[0]) as unknown as JsonValidator;
}
