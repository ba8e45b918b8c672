import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, OPERATIONS, RqApiError } from '../src/index.js';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A client whose fetch records what it was asked and answers `answer` (JSON) or a problem. */
function recordingClient(answer: (request: Request) => Response) {
  const sent: Sent[] = [];
  const rq = createClient({
    baseUrl: 'https://rq.test',
    apiKey: 'rq_test',
    retry: false,
    fetch: async (request) => {
      const text = await request.clone().text();
      sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
      return answer(request);
    },
  });
  return { rq, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the methods named by operation (generated from the OpenAPI operationIds)', () => {
  it('sends each one as its method and path, with the path call’s options', async () => {
    const { rq, sent } = recordingClient(() => json({ id: 'qr_1', data: [], nextCursor: null }));
    await rq.qrcodes.create({ body: { mode: 'redirect', target: 'https://example.com/' } });
    await rq.qrcodes.list({ params: { query: { limit: 5, tag: 'menu' } } });
    await rq.qrcodes.update({ params: { path: { id: 'qr_1' } }, body: { title: null } });
    await rq.webhooks.retryDelivery({ params: { path: { id: 'wh_1', deliveryId: 'dlv_2' } } });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: 'https://rq.test/api/v1/qrcodes',
        body: { mode: 'redirect', target: 'https://example.com/' },
      },
      { method: 'GET', url: 'https://rq.test/api/v1/qrcodes?limit=5&tag=menu', body: undefined },
      { method: 'PATCH', url: 'https://rq.test/api/v1/qrcodes/qr_1', body: { title: null } },
      { method: 'POST', url: 'https://rq.test/api/v1/webhooks/wh_1/deliveries/dlv_2/retry', body: undefined },
    ]);
  });

  it('answers what the path call answers, and throws the same typed error with its code', async () => {
    const { rq } = recordingClient((request) =>
      request.method === 'DELETE'
        ? json(
            { type: 'about:blank', title: 'Not found', status: 404, code: 'not_found', detail: 'No code' },
            404,
          )
        : json({ id: 'qr_1', title: 'Menu' }),
    );
    const code = await rq.qrcodes.get({ params: { path: { id: 'qr_1' } } });
    expectTypeOf(code.slug).toEqualTypeOf<string>();
    expect(code.title).toBe('Menu');
    const error = await rq.qrcodes.delete({ params: { path: { id: 'qr_9' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RqApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('checks the options by type: a missing path parameter or a wrong body does not compile', () => {
    const { rq } = recordingClient(() => json({}));
    // @ts-expect-error a code's id is required
    void rq.qrcodes.get().catch(() => {});
    // @ts-expect-error `mode` is one of redirect, exec, static
    void rq.qrcodes.create({ body: { mode: 'teleport' } }).catch(() => {});
  });

  it('names every operation once, and each names a path of the document', () => {
    const seen = new Set<string>();
    for (const [resource, methods] of Object.entries(OPERATIONS)) {
      for (const [name, operation] of Object.entries(methods)) {
        expect(operation.path.startsWith('/api/v1/'), `${resource}.${name}`).toBe(true);
        expect(seen.has(operation.operationId), operation.operationId).toBe(false);
        seen.add(operation.operationId);
      }
    }
    expect(OPERATIONS.qrcodes.create).toMatchObject({ method: 'post', path: '/api/v1/qrcodes' });
    expect(OPERATIONS.qrcodes.list).toMatchObject({ method: 'get', path: '/api/v1/qrcodes' });
  });
});
