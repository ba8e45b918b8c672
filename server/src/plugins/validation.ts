import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
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
export function validationSchemaController({ lazy = true } = {}): SchemaController {
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
    const compileNow: FastifySchemaCompiler<FastifySchema> = (route) =>
      (TEXT_PARTS.has(route.httpPart ?? '') ? coercing : strict)(route);
    const compile: FastifySchemaCompiler<FastifySchema> = (route) =>
      lazyValidator(() => compileNow(route)) as ReturnType<FastifySchemaCompiler<FastifySchema>>;
    return lazy ? compile : compileNow;
  };
  const serializers = SerializerSelector();
  const buildSerializer = (...factoryArgs: Parameters<typeof serializers>) => {
    const compile = serializers(...factoryArgs);
    return lazy ? (route: Parameters<typeof compile>[0]) => lazySerializer(() => compile(route)) : compile;
  };
  // Fastify types this factory as Ajv's own compile function; the route-object form is what it calls.
  return { compilersFactory: { buildValidator, buildSerializer } } as unknown as SchemaController;
}

/*
 * Routes' validators and serializers are compiled on their first request, not at start: compiling
 * all of them (Ajv and fast-json-stringify, with the collections they cause) took 3 to 5 s of CPU
 * for each app, and a server builds three (the edge's and two job threads'), most of whose routes
 * it never serves: a server was ready in 1.5 to 2 s instead of 3.3, on 2.5 s of CPU instead of
 * 5.7 (12 to 17 s with its job threads' apps, 6 to 7 after). A schema that cannot compile is still
 * found before release: test/api/route-schemas.test.ts builds the app with `compileSchemasAtStart`.
 */

type ValidationFunction = ((data: unknown) => unknown) & { errors?: unknown };

function lazyValidator(build: () => unknown): ValidationFunction {
  let compiled: ValidationFunction | undefined;
  const validate: ValidationFunction = (data) => {
    compiled ??= build() as ValidationFunction;
    const result = compiled(data);
    // Fastify reads a failed check's errors from the function it called.
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

function lazySerializer(build: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => {
    compiled ??= build();
    return compiled(data);
  };
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
