import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  itemFromLinkset,
  itemsFromReferenceDocuments,
  readGs1Fixture,
  referenceDocuments,
  schemaErrors,
  validateGs1Linkset,
} from '../../../test/helpers/gs1-fixtures.js';
import type { Gs1Linkset } from './gs1.linkset.js';
import {
  chooseItem,
  decideResolution,
  GS1_RESOLVER_CORS_HEADERS,
  type Gs1Decision,
  type Gs1ItemRecord,
  negotiateLinks,
  readResolverRequest,
  wantsLinkset,
} from './gs1.resolve.js';

const ORIGIN = 'https://id.brand.example';

interface Scan {
  accept?: string;
  acceptLanguage?: string;
}

/** A request as the edge will make it: read the URI (maybe compressed), find the item, decide. */
function resolve(
  items: Gs1ItemRecord[],
  pathAndQuery: string,
  scan: Scan = {},
  origin = ORIGIN,
): Gs1Decision | 400 {
  const [path = '', query = ''] = pathAndQuery.split('?');
  const reading = readResolverRequest({ origin, path, query, ...scan });
  if (!reading.ok) return 400;
  return decideResolution(chooseItem(items, reading.request.identifiers.primaryKey), reading.request);
}

const location = (decision: Gs1Decision | 400) =>
  decision !== 400 && decision.kind === 'redirect'
    ? decision.location
    : `status ${decision === 400 ? 400 : decision.status}`;

const reference = itemsFromReferenceDocuments(referenceDocuments());

describe("GS1's reference resolver's own checks (tests/setup_test.py), on its own test data", () => {
  it('redirects a GTIN to its default link with 307', () => {
    const decision = resolve(reference, '/01/09506000134376');
    expect(decision !== 400 && decision.status).toBe(307);
    expect(location(decision)).toBe('https://dalgiardino.com/medicinal-compound/pil.html');
  });

  it('fills the serial and lot templates', () => {
    expect(location(resolve(reference, '/01/09506000134376/21/HELLOWORLD'))).toBe(
      'https://dalgiardino.com/medicinal-compound/pil.html?serial=HELLOWORLD',
    );
    expect(location(resolve(reference, '/01/09506000134376/10/LOT01'))).toBe(
      'https://dalgiardino.com/medicinal-compound/pil.html?lot=LOT01',
    );
  });

  it('resolves the compressed form of /01/09506000134376/10/LOT01 alike, naming the uncompressed one', () => {
    const decision = resolve(reference, '/ARFKk4XB0CDKWcnpq');
    expect(location(decision)).toBe('https://dalgiardino.com/medicinal-compound/pil.html?lot=LOT01');
    expect(decision !== 400 && decision.headers.link).toContain(
      `<${ORIGIN}/01/09506000134376/10/LOT01>; rel="owl:sameAs"`,
    );
  });

  it.each(['gs1:hasRetailers', 'gs1:pip', 'gs1:recipeInfo', 'gs1:sustainabilityInfo'])(
    'picks %s by language',
    (linkType) => {
      for (const language of ['en', 'es', 'vi', 'ja']) {
        const decision = resolve(reference, `/01/09506000134352?linktype=${linkType}`, {
          accept: '*/*',
          acceptLanguage: language,
        });
        expect(location(decision)).toContain(`test_lt=${linkType}`);
        expect(location(decision)).toContain(`test_lang=${language}`);
      }
    },
  );

  it.each([
    ['en-GB,en;q=0.9,en-US;q=0.8,en-IE;q=0.7', 'en-GB'],
    ['en,en-US;q=0.8,en-IE;q=0.7', 'en-GB'],
    ['en-US,en;q=0.9,en-GB;q=0.8,en-IE;q=0.7', 'en-US'],
    ['en-IE;q=0.9,en;q=0.8,en-GB;q=0.7,en-US;q=0.6', 'en-IE'],
    ['fr-BE,fr-FR;q=0.8,fr;q=0.7', 'non-English'],
  ])('weighs Accept-Language %s by q-value (→ %s)', (acceptLanguage, expected) => {
    const decision = resolve(reference, '/01/09506000134376?linktype=gs1:registerProduct', {
      accept: '*/*',
      acceptLanguage,
    });
    expect(location(decision)).toContain(`register=${expected}`);
  });

  it('answers 400 for what is not a Digital Link, 404 for a link type the item lacks', () => {
    expect(resolve(reference, '/01/09506000134376/badrequest')).toBe(400);
    const decision = resolve(reference, '/01/09506000134376?linktype=gs1:safetyInfo');
    expect(decision !== 400 && [decision.status, decision.kind === 'not_found' && decision.reason]).toEqual([
      404,
      'no_link_of_type',
    ]);
  });

  it('answers 300 with the three tied certificates as a valid linkset', () => {
    const decision = resolve(reference, '/01/09506000134376/10/LOT01?linktype=gs1:certificationInfo');
    expect(decision !== 400 && decision.status).toBe(300);
    if (decision === 400 || decision.kind !== 'choices') return;
    expect(schemaErrors(validateGs1Linkset, decision.body)).toEqual([]);
    const certificates = decision.body.linkset[0]?.['https://gs1.org/voc/certificationInfo'];
    expect(Array.isArray(certificates) && certificates.map((c) => c.href)).toEqual(
      [1, 2, 3].map((n) => `https://dalgiardino.com/medicinal-compound/certificate_${n}?lot=LOT01`),
    );
  });

  it('resolves a fixed asset exactly and a variable one by its company prefix', () => {
    expect(location(resolve(reference, '/8004/0950600013430000001'))).toBe(
      'https://dalgiardino.com/medicinal-compound/assets/8004/0950600013430000001.html',
    );
    expect(location(resolve(reference, '/8004/095060001343999999'))).toBe(
      'https://dalgiardino.com/medicinal-compound/assets?giai=095060001343999999',
    );
    expect(resolve(reference, '/8004/0950600099999').valueOf()).toMatchObject({
      status: 404,
      reason: 'unknown_item',
    });
  });

  it('answers the linkset of every level up to the primary key, valid against GS1 schema, saying what it mapped', () => {
    const decision = resolve(reference, '/01/09506000134376/10/LOT01?linkType=linkset');
    expect(decision !== 400 && decision.kind).toBe('linkset');
    if (decision === 400 || decision.kind !== 'linkset') return;
    expect(decision.body.linkset.map((entry) => entry.anchor)).toEqual([
      `${ORIGIN}/01/09506000134376`,
      `${ORIGIN}/01/09506000134376/10/LOT01`,
    ]);
    expect(schemaErrors(validateGs1Linkset, decision.body)).toEqual([]);
    // The stored 'und' tag has no form in the schema: it is left out, and said so.
    expect(decision.changes).toContainEqual(
      expect.objectContaining({
        field: 'hreflang',
        from: 'und',
        to: null,
        anchor: `${ORIGIN}/01/09506000134376`,
      }),
    );
  });
});

describe("GS1's resolver test suite, its probes reduced to pure checks, on its model linkset", () => {
  const model = readGs1Fixture<Gs1Linkset>('resolver-testsuite-model-linkset.json');
  const items = [itemFromLinkset(model)];
  const dl = 'https://id.gs1.org/01/09506000164908';
  const path = '/01/09506000164908';
  const origin = 'https://id.gs1.org';
  const at = (pathAndQuery: string, scan: Scan = {}) => resolve(items, pathAndQuery, scan, origin);

  it('validDL / reportWith400 / noErrorWith200: a broken URI is a 400, never a 200', () => {
    expect(at(`${path}/foo`)).toBe(400);
  });

  it('trailingSlash: the same answer with and without', () => {
    expect(location(at(`${path}/`))).toBe(location(at(path)));
  });

  it('basicWalkUp: an unknown lot walks up, not 404', () => {
    expect(at(`${path}/10/KL8G`)).toMatchObject({ status: 307 });
  });

  it('linkOnRedirect / legacyLinkHeaders: the linkset link on a redirect, and no gs1: links', () => {
    const decision = at(path);
    expect(decision !== 400 && decision.headers.link).toContain('rel="linkset"');
    expect(decision !== 400 && decision.headers.link).not.toContain('rel="gs1:');
  });

  it('corsCheck / methodsCheck: CORS allows GET, HEAD and OPTIONS', () => {
    expect(GS1_RESOLVER_CORS_HEADERS['access-control-allow-origin']).toBe('*');
    expect(GS1_RESOLVER_CORS_HEADERS['access-control-allow-methods']).toMatch(/GET.*HEAD.*OPTIONS/);
  });

  it('qsPassedOn: the query string goes on to the target', () => {
    expect(location(at(`${path}?foo=bar`))).toContain('foo=bar');
  });

  it('ltLinksetNoRedirect / ltAcceptHeader / validLinkset / linksetJsonldCheck / declaredContentType', () => {
    for (const [query, accept] of [
      ['?linkType=linkset', undefined],
      ['?linkType=all', 'application/linkset+json'],
      ['', 'application/linkset+json'],
    ] as const) {
      const decision = at(`${path}${query}`, accept ? { accept } : {});
      expect(decision !== 400 && decision.status).toBe(200);
      if (decision === 400 || decision.kind !== 'linkset') continue;
      expect(decision.contentType).toBe('application/linkset+json');
      expect(schemaErrors(validateGs1Linkset, decision.body)).toEqual([]);
      const contextLink = decision.headers.link?.split(', ').find((l) => l.includes('json-ld#context'));
      expect(contextLink).toContain('rel="http://www.w3.org/ns/json-ld#context"');
      expect(contextLink).toContain('type="application/ld+json"');
      expect(decision.headers.vary).toContain('Accept');
    }
    expect(at(path, { accept: 'application/json' })).toMatchObject({
      status: 200,
      contentType: 'application/json',
    });
  });

  it('specificLinkTypeNotFound: a link type with no link is a 404', () => {
    expect(at(`${path}?linkType=gs1:nosuchlt`)).toMatchObject({ status: 404 });
  });

  // linksetTests(): walk the linkset from the most granular anchor up; the default link and then
  // every link type, each link asked for with its type, language and context as the suite asks.
  it('defaultLinkExists / singleDefaulLink / defaultTarget / loFor*: every link answers as the suite expects', () => {
    const decision = at(`${path}/21/1234?linkType=linkset`);
    if (decision === 400 || decision.kind !== 'linkset') throw new Error('no linkset');
    const linkset = JSON.parse(
      JSON.stringify(decision.body).replace(/https:\/\/((ref\.)|(www\.))?gs1\.org\/voc\//gi, 'gs1:'),
    ) as Gs1Linkset;
    const seen = new Set<string>();
    const outcomes: string[] = [];
    let current = `${dl}/21/1234`;
    while (current.split('/').length > 4) {
      const entry = linkset.linkset.find((e) => e.anchor === current);
      const requestPath = current.slice(origin.length);
      for (const [linkType, objects] of Object.entries(entry ?? {})) {
        if (!Array.isArray(objects) || seen.has(linkType)) continue;
        seen.add(linkType);
        if (linkType === 'gs1:defaultLink') {
          expect(objects).toHaveLength(1);
          expect(Object.keys(objects[0] ?? {}).sort()).toEqual(['href', 'title']);
          expect(location(at(requestPath))).toBe(objects[0]?.href);
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
          expect(strip(location(at(`${requestPath}?linkType=${linkType}`)))).toBe(objects[0]?.href);
          outcomes.push(`${linkType}: single`);
          continue;
        }
        const same = (a: (typeof objects)[number], b: (typeof objects)[number]) =>
          JSON.stringify([a.type, a.hreflang, a.context]) === JSON.stringify([b.type, b.hreflang, b.context]);
        for (const [i, object] of objects.entries()) {
          const tied = objects.some((other, j) => j !== i && same(object, other));
          const query = `?linkType=${linkType}${object.context ? `&context=${object.context[0]}` : ''}`;
          const answer = at(`${requestPath}${query}`, {
            accept: String(object.type),
            ...(object.hreflang ? { acceptLanguage: object.hreflang[0] } : {}),
          });
          if (tied) expect(answer, `${linkType} #${i}`).toMatchObject({ status: 300 });
          else expect(strip(location(answer)), `${linkType} #${i}`).toBe(object.href);
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

describe('any request', () => {
  it('is read and decided without throwing: a bad one is a 400, never a 5xx', () => {
    const unit = fc.constantFrom(
      ...'0123456789/%+?&=ABCDEFabcdef_-.~:;#{}'.split(''),
      '01',
      '/01/',
      '09506000134376',
      '%2F',
      '%00',
      '%C3%A9',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.string({ unit, maxLength: 20 }), (tail, query) => {
        const decision = resolve(reference, `/${tail}?${query}`, {
          accept: 'text/html',
          acceptLanguage: 'en;q=0.5,*',
        });
        expect(decision === 400 || [200, 300, 307, 404].includes(decision.status)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('link negotiation', () => {
  const links = [
    { linkType: 'gs1:pip', href: 'https://x.example/en', title: 'en', type: 'text/html', hreflang: ['en'] },
    {
      linkType: 'gs1:pip',
      href: 'https://x.example/es-419',
      title: 'es',
      type: 'text/html',
      hreflang: ['es-419'],
    },
    { linkType: 'gs1:pip', href: 'https://x.example/pdf', title: 'pdf', type: 'application/pdf' },
    {
      linkType: 'gs1:pip',
      href: 'https://x.example/mx',
      title: 'mx',
      type: 'text/html',
      hreflang: ['en'],
      context: ['MX'],
    },
  ];
  const hrefs = (request: Parameters<typeof negotiateLinks>[1]) =>
    negotiateLinks(links, request).map((l) => l.href);

  it('matches context first, then language by q-value and specificity, then the media type', () => {
    expect(hrefs({ context: 'mx', acceptLanguage: 'es' })).toEqual(['https://x.example/mx']);
    expect(hrefs({ acceptLanguage: 'es-MX,es;q=0.9,en;q=0.5' })).toEqual(['https://x.example/es-419']);
    expect(hrefs({ acceptLanguage: 'de;q=1,en;q=0.1' })).toEqual(['https://x.example/en']);
    expect(hrefs({ accept: 'application/pdf' })).toEqual(['https://x.example/pdf']);
    expect(hrefs({ acceptLanguage: 'fr', accept: 'text/html,*/*;q=0.1' })).toEqual(['https://x.example/pdf']);
  });

  it('tells a linkset request by linkType or by Accept, not by a browser', () => {
    expect(wantsLinkset({ linkType: 'linkset' })).toBe('application/linkset+json');
    expect(wantsLinkset({ accept: 'application/linkset+json' })).toBe('application/linkset+json');
    expect(wantsLinkset({ accept: 'application/json' })).toBe('application/json');
    expect(wantsLinkset({ accept: 'application/ld+json' })).toBe('application/ld+json');
    expect(wantsLinkset({ linkType: 'linkset', accept: 'text/html' })).toBe('application/linkset+json');
    expect(wantsLinkset({ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' })).toBe(
      false,
    );
    expect(wantsLinkset({ linkType: 'gs1:pip', accept: 'application/linkset+json' })).toBe(false);
  });
});
