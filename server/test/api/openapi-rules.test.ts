import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf, operationsOf } from '../../src/plugins/openapi.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

// ajv-formats is CommonJS; its default export is the plugin (as helpers/openapi-contract.ts takes it).
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Document {
  components?: unknown;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, { content?: Record<string, MediaObject> }>;
  requestBody?: { content?: Record<string, MediaObject> };
}
interface MediaObject {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

/**
 * The rules every route meets in the OpenAPI document, whoever adds it: the client, the CLI and the
 * reference are generated from it. Most are filled in for every route (plugins/openapi.ts); these
 * tests catch what cannot be: an undeclared tag, an error answer declared as JSON, an example that
 * its own schema refuses.
 */
/** A null example on a query parameter says "leave it out" to the reference (qrcodes.schemas.ts). */
const leftOut = (where: string, example: unknown) => example === null && where.includes('/parameters/');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('gives every operation a unique operationId and a tag the document describes', () => {
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (!id) problems.push(`${name} has no operationId`);
      else if (ids.has(id)) problems.push(`${name} has the operationId of ${ids.get(id)}: ${id}`);
      else ids.set(id, name);
      if (!operation.tags?.length) problems.push(`${name} has no tag`);
      for (const tag of operation.tags ?? [])
        if (!described.get(tag)) problems.push(`${name}: tag "${tag}" is not in the plugin's tag list`);
    }
    expect(problems).toEqual([]);
  });

  it('derives operation ids from the address, so they stay the same while the route does', () => {
    expect(operationIdOf('get', '/api/v1/qrcodes/{id}/image.png')).toBe('getQrcodesByIdImagePng');
    expect(operationIdOf('post', '/api/v1/webhooks/{id}/rotate-secret')).toBe('postWebhooksByIdRotateSecret');
    expect(operationIdOf('get', '/healthz')).toBe('getHealthz');
    expect(document.paths['/api/v1/qrcodes']?.get?.operationId).toBe('getQrcodes');
  });

  it('declares error answers as application/problem+json, and a 429 on every /api operation', () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400 || !response.content) continue;
        const types = Object.keys(response.content);
        if (types.join() !== 'application/problem+json')
          problems.push(`${name} ${status}: ${types.join(', ')}`);
      }
      if (path.startsWith('/api/') && !operation.responses?.['429']) problems.push(`${name} declares no 429`);
    }
    expect(problems).toEqual([]);
  });

  it('has examples that their own schemas accept (Ajv, JSON Schema 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    const failures: string[] = [];
    let checked = 0;
    const check = (where: string, schema: unknown, example: unknown) => {
      checked++;
      // The document's shared schemas go along, so `$ref: #/components/schemas/...` resolves.
      const validate = ajv.compile({
        ...(withoutExamples(schema) as object),
        components: document.components,
      });
      if (!validate(example)) failures.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    // Schema `examples` anywhere (properties, parameters, bodies), and media types' example(s).
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (Array.isArray(object.examples) && ('type' in object || 'anyOf' in object || 'oneOf' in object))
        for (const [i, example] of object.examples.entries()) {
          if (leftOut(where, example)) continue;
          check(`${where} examples[${i}]`, object, example);
        }
      if ('schema' in object && object.schema) {
        if (object.example !== undefined && !leftOut(where, object.example))
          check(`${where} example`, object.schema, object.example);
        if (object.examples && !Array.isArray(object.examples) && typeof object.examples === 'object')
          for (const [name, example] of Object.entries(
            object.examples as Record<string, { value?: unknown }>,
          ))
            if (example.value !== undefined) check(`${where} examples.${name}`, object.schema, example.value);
      }
      for (const [key, value] of Object.entries(object)) {
        if (!Array.isArray(value)) walk(value, `${where}/${key}`);
        else for (const [i, item] of value.entries()) walk(item, `${where}/${key}/${i}`);
      }
    };
    walk(document.paths, '#/paths');
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});

/** A schema without its examples (and without ids Ajv would see twice), to validate an example against. */
function withoutExamples(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutExamples);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Record<string, unknown>)
      .filter(([key]) => key !== 'examples' && key !== 'example' && key !== '$id')
      .map(([key, value]) => [key, key === 'properties' ? mapValues(value) : withoutExamples(value)]),
  );
}

function mapValues(properties: unknown): unknown {
  return Object.fromEntries(
    Object.entries(properties as Record<string, unknown>).map(([name, value]) => [
      name,
      withoutExamples(value),
    ]),
  );
}
