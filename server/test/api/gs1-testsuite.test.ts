import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gs1Linkset } from '../../src/modules/gs1/gs1.linkset.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import {
  readGs1Fixture,
  schemaErrors,
  validateGs1Description,
  validateGs1Linkset,
} from '../helpers/gs1-fixtures.js';

/**
 * GS1's resolver test suite (gs1/GS1DL-resolver-testsuite), its probes ported to our runner and
 * sent over HTTP to a running server: the suite's model linkset imported through the importer
 * (format=gs1-linkset), then each probe as the suite makes it (its name in each test's title),
 * the description file and every linkset validated with Ajv against GS1's schemas.
 */

const GTIN_PATH = '/01/09506000164908';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

describe.each(engines)("GS1's resolver test suite over HTTP on $name", (engine) => {
  let t: TestApp & { base: string };
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await listeningTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes/import?format=gs1-linkset',
      headers: owner.headers,
      payload: readGs1Fixture<object>('resolver-testsuite-model-linkset.json'),
    });
    expect(imported.json(), imported.body).toMatchObject({ errors: [] });
  });
  afterAll(() => t.close());

  /** One request with exactly these headers (fetch would add Accept-Language: *, which negotiates). */
  function probe(
    pathAndQuery: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${t.base}${pathAndQuery}`, { method, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: response.statusCode ?? 0, headers: answerHeaders, text });
        });
      });
      request.on('error', reject);
      request.end();
    });
  }
  const location = (answer: Answer) => answer.headers.get('location') ?? `status ${answer.status}`;

  it('resolverDescriptionFile: /.well-known/gs1resolver is JSON valid against the description-file schema', async () => {
    const answer = await probe('/.well-known/gs1resolver');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const description = JSON.parse(answer.text);
    expect(schemaErrors(validateGs1Description, description)).toEqual([]);
    expect(description.resolverRoot).toMatch(/^https?:\/\//);
  });

  it('validDL / reportWith400 / noErrorWith200: malformed URIs are 400, never 200 or 5xx', async () => {
    for (const path of [
      `${GTIN_PATH}/foo`,
      '/01/09506000164907', // check digit
      '/01/0950600016490', // length
      `${GTIN_PATH}/21/1234/10/LOT`, // qualifiers out of order
      `${GTIN_PATH}/17/260101`, // a data attribute in the path
      '/01/09506000164908/10/%C0%AF', // not UTF-8
    ]) {
      expect([path, (await probe(path)).status]).toEqual([path, 400]);
    }
  });

  it('trailingSlash / basicWalkUp / qsPassedOn: tolerated slash, walk-up from a lot, the query passed on', async () => {
    expect(location(await probe(`${GTIN_PATH}/`))).toBe(location(await probe(GTIN_PATH)));
    expect((await probe(`${GTIN_PATH}/10/KL8G`)).status).toBe(307);
    expect(location(await probe(`${GTIN_PATH}?foo=bar`))).toContain('foo=bar');
  });

  it('linkOnRedirect / legacyLinkHeaders / corsCheck / methodsCheck', async () => {
    const answer = await probe(GTIN_PATH);
    expect(answer.status).toBe(307);
    expect(answer.headers.get('link')).toContain('rel="linkset"');
    expect(answer.headers.get('link')).not.toContain('rel="gs1:');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    // The suite's corsCheck and methodsCheck read the methods from this GET's own headers.
    expect(answer.headers.get('access-control-allow-methods')).toMatch(/GET.*HEAD.*OPTIONS/);
    const head = await probe(GTIN_PATH, {}, 'HEAD');
    expect([head.status, head.headers.get('location'), head.text]).toEqual([307, location(answer), '']);
    const options = await probe(
      GTIN_PATH,
      { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    expect(options.status).toBeLessThan(300);
    expect(options.headers.get('access-control-allow-methods')).toMatch(/GET.*HEAD.*OPTIONS/);
  });

  it('ltLinksetNoRedirect / ltAcceptHeader / validLinkset / linksetJsonldCheck / declaredContentType', async () => {
    for (const [query, accept] of [
      ['?linkType=linkset', undefined],
      ['?linkType=all', 'application/linkset+json'],
      ['', 'application/linkset+json'],
    ] as const) {
      const answer = await probe(`${GTIN_PATH}${query}`, accept ? { accept } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
      expect(schemaErrors(validateGs1Linkset, JSON.parse(answer.text))).toEqual([]);
      const contextLink = answer.headers
        .get('link')
        ?.split(', ')
        .find((l) => l.includes('json-ld#context'));
      expect(contextLink).toContain('rel="http://www.w3.org/ns/json-ld#context"');
      expect(contextLink).toContain('type="application/ld+json"');
      expect(answer.headers.get('vary')).toContain('Accept');
    }
    const json = await probe(GTIN_PATH, { accept: 'application/json' });
    expect([json.status, json.headers.get('content-type')]).toEqual([
      200,
      expect.stringMatching(/^application\/json/),
    ]);
    expect(schemaErrors(validateGs1Linkset, JSON.parse(json.text))).toEqual([]);
  });

  it('specificLinkTypeNotFound: a link type with no link is a 404', async () => {
    expect((await probe(`${GTIN_PATH}?linkType=gs1:nosuchlt`)).status).toBe(404);
  });

  // linksetTests(): walk the linkset from the most granular anchor up; the default link and then
  // every link type, each link asked for with its type, language and context as the suite asks.
  it('defaultLinkExists / singleDefaulLink / defaultTarget / loFor*: every link answers as the suite expects', async () => {
    const answer = await probe(`${GTIN_PATH}/21/1234?linkType=linkset`);
    const linkset = JSON.parse(
      answer.text.replace(/https:\/\/((ref\.)|(www\.))?gs1\.org\/voc\//gi, 'gs1:'),
    ) as Gs1Linkset;
    const anchors = linkset.linkset.map((entry) => entry.anchor);
    const origin = new URL(anchors[0] ?? '').origin;
    const seen = new Set<string>();
    const outcomes: string[] = [];
    let current = `${origin}${GTIN_PATH}/21/1234`;
    while (current.split('/').length > 4) {
      const entry = linkset.linkset.find((e) => e.anchor === current);
      const requestPath = current.slice(origin.length);
      for (const [linkType, objects] of Object.entries(entry ?? {})) {
        if (!Array.isArray(objects) || seen.has(linkType)) continue;
        seen.add(linkType);
        if (linkType === 'gs1:defaultLink') {
          expect(objects).toHaveLength(1);
          expect(Object.keys(objects[0] ?? {}).sort()).toEqual(['href', 'title']);
          expect(location(await probe(requestPath))).toBe(objects[0]?.href);
          outcomes.push('default');
          continue;
        }
        // The suite's stripLinkType: cut at "?linkType=…", or at "&linkType=…".
        const strip = (url: string) => {
          if (url.includes(`?linkType=${linkType}`)) return url.slice(0, url.indexOf('?'));
          const amp = url.indexOf(`&linkType=${linkType}`);
          return amp >= 0 ? url.slice(0, amp) : url;
        };
        if (objects.length === 1) {
          expect(strip(location(await probe(`${requestPath}?linkType=${linkType}`)))).toBe(objects[0]?.href);
          outcomes.push(`${linkType}: single`);
          continue;
        }
        const same = (a: (typeof objects)[number], b: (typeof objects)[number]) =>
          JSON.stringify([a.type, a.hreflang, a.context]) === JSON.stringify([b.type, b.hreflang, b.context]);
        for (const [i, object] of objects.entries()) {
          const tied = objects.some((other, j) => j !== i && same(object, other));
          const query = `?linkType=${linkType}${object.context ? `&context=${object.context[0]}` : ''}`;
          const answered = await probe(`${requestPath}${query}`, {
            accept: String(object.type),
            ...(object.hreflang ? { 'accept-language': object.hreflang[0] as string } : {}),
          });
          if (tied) {
            expect(answered.status, `${linkType} #${i}`).toBe(300);
            expect(schemaErrors(validateGs1Linkset, JSON.parse(answered.text))).toEqual([]);
          } else expect(strip(location(answered)), `${linkType} #${i}`).toBe(object.href);
          outcomes.push(`${linkType} #${i}: ${tied ? '300' : '307'}`);
        }
      }
      current = current.split('/').slice(0, -2).join('/');
    }
    expect(outcomes).toContain('default');
    expect(outcomes).toContain('gs1:certificationInfo #0: 300');
    expect(outcomes).toContain('gs1:certificationInfo #6: 307');
    expect(outcomes).toContain('gs1:traceability #0: 300');
    expect(outcomes).toContain('gs1:dpp: single');
  });
});
