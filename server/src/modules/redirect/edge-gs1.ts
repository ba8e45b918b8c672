import type { IncomingHttpHeaders } from 'node:http';
import type { Redis } from 'ioredis';
import type { ChangeBus } from '../../shared/change-bus.js';
import { headerSafeUrl } from '../../shared/http-url.js';
import { problemBody } from '../../shared/problem.js';
import { buildResolverDescription } from '../gs1/gs1.description.js';
import { decidableItem, decideItemScan, type ResolvedLinks } from '../gs1/gs1.item-scan.js';
import type { EdgeGs1Item } from '../gs1/gs1.item-view.js';
import { linkTypeCurie } from '../gs1/gs1.linkset.js';
import {
  decideResolution,
  GS1_RESOLVER_CORS_HEADERS,
  type Gs1Decision,
  type Gs1ItemRecord,
  type Gs1ResolveRequest,
  readResolverRequest,
} from '../gs1/gs1.resolve.js';
import { levelTitleOf } from '../gs1/gs1.syntax.js';
import { encodeComponent, type Gs1Element, isPlausibleDigitalLinkPath } from '../gs1/gs1.uri.js';
import type { ScanContext } from '../rules/rules.context.js';
import { countUsage, type EdgeDeps, type GatePost, GONE_ANSWERS, type ScanAnswer, scanOf } from './edge.js';
import type { FormGate } from './password-gate.form.js';
import { answerPasswordPost } from './password-gate.js';
import { gatePage } from './password-gate.page.js';
import { EdgeCache } from './redirect.cache.js';
import { buildScanContext } from './scan-context.js';
import { stoppedByTime } from './scan-decision.js';

/**
 * The GS1 Digital Link resolver at the edge (GS1-Conformant Resolver standard 1.2.0, issue 46):
 * a request the edge hands over is read (plain or compressed), its item looked up on the host,
 * and answered as the pure decision (modules/gs1/gs1.resolve.ts) says, with CORS on every answer.
 * Only paths that look like GS1's come here (isGs1Path), and a one-segment compressed URI only
 * after the host's slugs and the site's pages missed, so plain codes pay nothing for it.
 */

export const GS1_WELL_KNOWN = '/.well-known/gs1resolver';

export interface Gs1EdgeDeps {
  /** The item on a host covering a key (the GS1 service's read), or null; without a promise when cached. */
  findItem(hostKey: string, key: Gs1Element): EdgeGs1Item | null | Promise<EdgeGs1Item | null>;
  /** The edge's recorder, usage, clock and log: a GS1 redirect is recorded and counted as a scan. */
  edge: Pick<EdgeDeps, 'record' | 'visitorHash' | 'now' | 'answered' | 'usage' | 'log' | 'counter'>;
  /** The password gate's passes, tries and check (the codes' own): an item's password form. */
  gate?: FormGate;
}

export interface Gs1EdgeRequest {
  method: string;
  /** Whose items the host serves: '' for our own hosts, otherwise the custom hostname. */
  hostKey: string;
  /** Scheme and host the anchors are written on ('https://id.brand.example'). */
  origin: string;
  path: string;
  /** The query string without '?' ('' when none). */
  query: string;
  headers: IncomingHttpHeaders;
  ip: string | undefined;
  /** The host as the scanner named it (for the scan's record). */
  hostname: string;
  url: string;
  /** A POST's body and where it came (the password form's): read only for an item with a password. */
  post?: GatePost;
  /** The scanner just entered the item's password (the form's POST): decided past the gate. */
  unlocked?: boolean;
}

export type Gs1ItemLookup = Gs1EdgeDeps['findItem'];

/**
 * The items the edge read, kept in memory until any GS1 item or hostname changes on any instance
 * (the change bus clears them all: a company-prefix item covers keys no single key names), and
 * for a few seconds only while Redis is away (redirect.cache.ts). Unknown keys are kept too, so a
 * flood of scans of unregistered keys does not reach the database.
 */
export function cachedGs1Items(
  find: Gs1ItemLookup,
  options: { maxEntries: number; changes: ChangeBus; redis: Redis | null },
): Gs1ItemLookup {
  const cache = new EdgeCache<EdgeGs1Item>(
    async (key) => {
      const [hostKey = '', ai = '', value = ''] = key.split('\n');
      const item = await find(hostKey, { ai, value });
      return item ? { value: item, dependsOn: [], keep: true } : null;
    },
    { maxEntries: options.maxEntries, missTtlMs: 5_000 },
  );
  options.changes.subscribe('gs1.changed', () => cache.clear());
  options.changes.subscribe('hostname.changed', () => cache.clear());
  const { redis } = options;
  if (redis) {
    if (redis.status !== 'ready') cache.unsync();
    redis.on('close', () => cache.unsync());
    redis.on('ready', () => cache.resync());
  }
  return (hostKey, key) => cache.get(`${hostKey}\n${key.ai}\n${key.value}`);
}

/** Whether the path is the resolver's on any host: its description file, or a plausible Digital Link. */
export function isGs1Path(path: string): boolean {
  return path === GS1_WELL_KNOWN || isPlausibleDigitalLinkPath(path);
}

const ALLOW = 'GET, HEAD, OPTIONS';

/** CORS for an answer Fastify makes itself (an undecodable %-escape): the resolver's, on its paths. */
export function gs1Cors(url: string): Record<string, string> {
  const path = url.split('?')[0] ?? '/';
  return isGs1Path(path) && !path.startsWith('/api/') ? { ...GS1_RESOLVER_CORS_HEADERS } : {};
}

function jsonAnswer(
  status: number,
  contentType: string,
  body: unknown,
  headers: Record<string, string> = {},
): ScanAnswer {
  const text = JSON.stringify(body);
  return {
    status,
    headers: {
      ...GS1_RESOLVER_CORS_HEADERS,
      ...headers,
      'content-type': contentType,
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
    },
    body: text,
  };
}

function problem(status: 400 | 404, detail: string, headers: Record<string, string> = {}): ScanAnswer {
  const body = problemBody(status === 400 ? 'bad_request' : 'not_found', detail);
  return jsonAnswer(status, 'application/problem+json', body, headers);
}

function preflight(): ScanAnswer {
  return {
    status: 204,
    headers: {
      ...GS1_RESOLVER_CORS_HEADERS,
      allow: ALLOW,
      'access-control-max-age': '86400',
      'content-length': '0',
    },
  };
}

function notAllowed(method: string): ScanAnswer {
  const text = `${method} is not allowed here: a GS1 resolver answers ${ALLOW}.`;
  return {
    status: 405,
    headers: {
      ...GS1_RESOLVER_CORS_HEADERS,
      allow: ALLOW,
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
    },
    body: text,
  };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The resolver description file of the host the request came to. */
function descriptionAnswer(request: Gs1EdgeRequest): ScanAnswer {
  const description = buildResolverDescription({
    resolverRoot: request.origin,
    name: `GS1 resolver at ${new URL(request.origin).host} (RQ Codes)`,
  });
  return jsonAnswer(200, 'application/json', description);
}

/**
 * The answer to a GS1 request, or undefined when `compressedOnly` and the path is no compressed
 * Digital Link (the caller then answers its own 404). Never throws for a bad URI: that is a 400.
 */
export async function answerGs1(
  deps: Gs1EdgeDeps,
  request: Gs1EdgeRequest,
  { compressedOnly = false }: { compressedOnly?: boolean } = {},
): Promise<ScanAnswer | undefined> {
  if (!compressedOnly && request.path === GS1_WELL_KNOWN) {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'GET' && request.method !== 'HEAD') return notAllowed(request.method);
    return descriptionAnswer(request);
  }
  const reading = readResolverRequest({
    origin: request.origin,
    path: request.path,
    query: request.query,
    accept: header(request.headers, 'accept'),
    acceptLanguage: header(request.headers, 'accept-language'),
  });
  if (compressedOnly && !(reading.ok && reading.compressed)) return undefined;
  if (request.method === 'OPTIONS') return preflight();
  if (request.method === 'POST' && reading.ok) return answerGs1Post(deps, request, reading);
  if (request.method !== 'GET' && request.method !== 'HEAD') return notAllowed(request.method);
  if (!reading.ok) return problem(400, `Not a valid GS1 Digital Link URI: ${reading.error.message}.`);
  const lookup = deps.findItem(request.hostKey, reading.request.identifiers.primaryKey);
  const found = lookup instanceof Promise ? await lookup : lookup;
  const decision = decisionFor(found?.record ?? null, reading.request);
  if (!found || (decision.kind !== 'redirect' && decision.kind !== 'choices')) {
    return answerOf(decision);
  }
  if (found.controls === null && found.rules.length === 0) {
    if (decision.kind === 'redirect' && request.method === 'GET') {
      await recordScan(deps, request, found, decision, contextOf(deps, request));
    }
    return answerOf(decision);
  }
  return answerControlled(deps, request, found, decision, reading.request.query);
}

/**
 * The last decision for each request reading (readResolverRequest keeps one per URI and headers)
 * and item record: a printed code scanned again by the same kind of phone is decided once. Both
 * are kept only while in use (weak keys) and shared: read only.
 */
const lastDecisions = new WeakMap<
  Gs1ResolveRequest,
  { record: Gs1ItemRecord | null; decision: Gs1Decision }
>();

function decisionFor(record: Gs1ItemRecord | null, request: Gs1ResolveRequest): Gs1Decision {
  const last = lastDecisions.get(request);
  if (last?.record === record) return last.decision;
  const decision = decideResolution(record, request);
  lastDecisions.set(request, { record, decision });
  return decision;
}

/** Each decision's answer, made once (its headers and body) and frozen: callers copy, never change it. */
const answers = new WeakMap<Gs1Decision, ScanAnswer>();

function answerOf(decision: Gs1Decision): ScanAnswer {
  let answer = answers.get(decision);
  if (!answer) {
    const made = decisionAnswer(decision);
    answer = Object.freeze({ ...made, headers: Object.freeze(made.headers) });
    answers.set(decision, answer);
  }
  return answer;
}

function contextOf(deps: Gs1EdgeDeps, request: Gs1EdgeRequest): ScanContext {
  return buildScanContext({
    headers: request.headers,
    ip: request.ip,
    hostname: request.hostname,
    url: request.url,
    now: deps.edge.now(),
  });
}

/** Whether the item's decision reads its counted scans (a cap, or a rule on the scan count). */
export function readsScanCount(item: EdgeGs1Item): boolean {
  return decidableItem(item).readsScanCount;
}

/** Whether the scan brings the pass of the item's password (the gate's cookie), or needs none. */
function isUnlocked(deps: Gs1EdgeDeps, item: EdgeGs1Item, request: Gs1EdgeRequest): boolean {
  const passwordHash = item.controls?.passwordHash ?? null;
  if (passwordHash === null || request.unlocked) return true;
  const { gate } = deps;
  return gate
    ? gate.passes.admits({ id: item.id, passwordHash }, request.headers.cookie, deps.edge.now())
    : false;
}

/**
 * A scan of an item with link controls or rules (gs1.item-scan.ts decides): a stopped item
 * answers its 410 page or goes to its expiredTarget, a locked one shows the password form (which
 * posts back to this URI: answerGs1Post), else the resolver's link or the one a rule picked,
 * with the item's UTM tags.
 */
async function answerControlled(
  deps: Gs1EdgeDeps,
  request: Gs1EdgeRequest,
  item: EdgeGs1Item,
  resolved: ResolvedLinks,
  query: string | undefined,
): Promise<ScanAnswer> {
  const { edge } = deps;
  const isScan = request.method === 'GET';
  const context = contextOf(deps, request);
  const decidable = decidableItem(item);
  const { controls } = decidable;
  const unlocked = isUnlocked(deps, item, request);
  if (decidable.readsScanCount) {
    const byTime = controls && stoppedByTime(controls, context.now);
    const recorded = resolved.kind === 'redirect' || item.rules.length > 0;
    const counts =
      isScan && unlocked && !context.bot && recorded && (!byTime || controls?.expiredTarget != null);
    const taken = edge.counter.take(item, counts);
    context.scansBefore = taken instanceof Promise ? await taken : taken;
  }
  const over = edge.usage.isOverLimit(item.workspaceId, context.now);
  const overLimit = over instanceof Promise ? await over : over;
  const decided = decideItemScan(decidable, resolved, context, query, { unlocked, overLimit });
  if (decided.kind === 'gone') {
    return { ...GONE_ANSWERS[decided.stoppedBy], headers: goneHeaders(decided.stoppedBy) };
  }
  if (decided.kind === 'password') return gatePage({ kind: 'form' }, item.record.levels[0]?.itemDescription);
  const { decision } = decided;
  if (decision.kind === 'redirect' && isScan) {
    await recordScan(deps, request, item, decision, context);
  }
  return answerOf(decision);
}

function goneHeaders(reason: keyof typeof GONE_ANSWERS): ScanAnswer['headers'] {
  return { ...GONE_ANSWERS[reason].headers, ...GS1_RESOLVER_CORS_HEADERS };
}

/**
 * The password form's POST to an item's URI (the form posts where it was shown): the right
 * password sets the pass and answers the scan as a GET past the gate (password-gate.ts's
 * checks, tries and 303); an item without a password takes no POST.
 */
async function answerGs1Post(
  deps: Gs1EdgeDeps,
  request: Gs1EdgeRequest,
  reading: Extract<ReturnType<typeof readResolverRequest>, { ok: true }>,
): Promise<ScanAnswer> {
  const { gate } = deps;
  const { post } = request;
  const found = await deps.findItem(request.hostKey, reading.request.identifiers.primaryKey);
  const passwordHash = found?.controls?.passwordHash ?? null;
  if (!gate || !post || !found || passwordHash === null) return notAllowed(request.method);
  const key = reading.request.identifiers.primaryKey;
  // The pass opens every level of the key (its lots and serials), not this URI alone.
  const keyPath = `/${key.ai}/${encodeComponent(key.value, false)}`;
  const path = request.path.startsWith(keyPath) ? keyPath : request.path;
  return answerPasswordPost(
    gate,
    { id: found.id, passwordHash },
    request.ip,
    { ...post, path },
    deps.edge.now,
    async () => (await answerGs1(deps, { ...request, method: 'GET', unlocked: true })) as ScanAnswer,
  );
}

function decisionAnswer(decision: Gs1Decision): ScanAnswer {
  switch (decision.kind) {
    case 'redirect':
      return {
        status: 307,
        headers: {
          ...GS1_RESOLVER_CORS_HEADERS,
          ...decision.headers,
          location: headerSafeUrl(decision.location),
          'content-length': '0',
          'cache-control': 'no-store, private',
        },
      };
    case 'choices':
    case 'linkset':
      return jsonAnswer(decision.status, decision.contentType, decision.body, decision.headers);
    case 'not_found':
      return problem(404, `${decision.message}.`, decision.headers);
  }
}

/**
 * A GS1 redirect is a scan of the item: recorded (the item's id in the code's place) and counted,
 * with its link type, the primary key's AI and the level that answered as dimensions (strings the
 * item's record holds already: nothing is made per scan).
 */
async function recordScan(
  deps: Gs1EdgeDeps,
  request: Gs1EdgeRequest,
  item: EdgeGs1Item,
  decision: Extract<Gs1Decision, { kind: 'redirect' }>,
  context: ScanContext,
) {
  const { link } = decision;
  const { edge } = deps;
  try {
    await edge.record(
      scanOf(context, {
        codeId: item.id,
        accountId: item.workspaceId,
        ruleId: null,
        target: decision.location,
        visitorHash: edge.visitorHash(
          context.now,
          context.ip ?? request.ip,
          header(request.headers, 'user-agent'),
        ),
        gs1LinkType: linkTypeCurie(link.linkType),
        gs1Key: item.record.primaryKey.ai,
        gs1Level: levelTitleOf(link.level, item.record.primaryKey.ai),
      }),
    );
    if (!context.bot) countUsage(edge, item.workspaceId, context.now);
  } catch (error) {
    // Neither the database nor the disk spool took it: still send the scanner on, loudly.
    edge.log.error({ err: error, gs1Item: item.id }, 'GS1 scan could not be recorded');
  }
  edge.answered();
}
