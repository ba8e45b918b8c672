import type { TestApp } from './app.js';

/** An operation's JSON request body as @fastify/swagger writes it, with its examples. */
export interface OperationWithBody {
  requestBody?: {
    content?: Record<
      string,
      { schema?: { examples?: unknown[] }; example?: unknown; examples?: Record<string, { value?: unknown }> }
    >;
  };
}

/** The first example of an operation's JSON body, wherever the generator put it. */
export function bodyExample(operation: OperationWithBody | undefined): unknown {
  const json = operation?.requestBody?.content?.['application/json'];
  if (!json) return undefined;
  // One example becomes the media type's `example`, several its `examples`.
  if (json.example !== undefined) return json.example;
  const named = json.examples && Object.values(json.examples)[0]?.value;
  return named ?? json.schema?.examples?.[0];
}

/** POSTs `example` to a collection as `headers`' caller and answers the created object's id. */
export async function createdWithExample(
  t: TestApp,
  headers: Record<string, string>,
  collection: string,
  example: unknown,
): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: collection,
    headers,
    payload: example as object,
  });
  if (created.statusCode < 200 || created.statusCode >= 300) {
    throw new Error(`POST ${collection} with its example answered ${created.statusCode}: ${created.body}`);
  }
  const id = (created.json() as { id?: unknown }).id;
  if (typeof id !== 'string') throw new Error(`POST ${collection} answered without an id: ${created.body}`);
  return id;
}
