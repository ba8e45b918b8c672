import { type Problem, validationFailed } from '../../shared/problem.js';
import { verifyCodePassword } from '../qrcodes/code-password.js';
import type { ScanContext } from '../rules/rules.context.js';
import { compressDigitalLink } from './gs1.compression.js';
import { decidableItem, decideItemScan } from './gs1.item-scan.js';
import { decideResolution, type Gs1Decision, type Gs1ResolvedLink } from './gs1.resolve.js';
import type { Gs1Service } from './gs1.service.js';
import type {
  Gs1SimulateBody,
  Gs1Simulation,
  Gs1WriteUriBody,
  Gs1WrittenUri,
} from './gs1.simulate.schemas.js';
import { buildDigitalLinkUri, type Gs1Identifiers, validateIdentifiers } from './gs1.uri.js';

/**
 * The site's GS1 helpers: "Test a scan" decides a request with the resolver's own pure decision
 * (gs1.resolve.ts) on the item as the edge reads it, so what it shows is what a phone gets; and
 * the design tool's URI is written by the same writer and compressor the resolver reads back.
 * Nothing is recorded or counted.
 */
export interface Gs1SimulatorDeps {
  gs1: Pick<Gs1Service, 'get' | 'findForEdge'>;
  /** The workspace's verified hostname named (its name), or a 404/409 problem at `path`. */
  bindable(workspaceId: string, name: string, path: string): Promise<string>;
  /** Our own hosts' origins: PUBLIC_URL's, then SHORT_URL's when it has one. */
  ownOrigins: readonly string[];
  /** The item's counted scans now (what its cap reads when the body names none). */
  countedScans(itemId: string): Promise<number>;
  /** Whether the workspace is over its monthly redirect limit (only the resolver's choice answers then). */
  isOverLimit(workspaceId: string): Promise<boolean>;
  /** The scan context the edge would build from a request with these headers (the rules read it). */
  scanContext(request: {
    headers: Record<string, string>;
    hostname: string;
    url: string;
    country: string | undefined;
  }): ScanContext;
}

function resolvedLinkOf(link: Gs1ResolvedLink): Gs1Simulation['candidates'][number] {
  return {
    linkType: link.linkType,
    href: link.href,
    title: link.title,
    anchor: link.anchor,
    ...(link.type === undefined ? {} : { type: link.type }),
    ...(link.hreflang === undefined ? {} : { hreflang: link.hreflang }),
    ...(link.context === undefined ? {} : { context: link.context }),
  };
}

type Outcome = Omit<Gs1Simulation, 'uri' | 'linkset' | 'linksetNotes' | 'rule' | 'stoppedBy'>;

/** A scan held by the item's controls: its 410 page, or its password form. */
function heldOutcome(kind: 'stopped' | 'password', decision: Gs1Decision): Outcome {
  return {
    headers: { link: '', vary: decision.headers.vary ?? '' },
    status: kind === 'stopped' ? 410 : 200,
    outcome: kind,
    location: null,
    link: null,
    candidates: [],
    message: null,
  };
}

/** The decision as the simulation shows it (the linkset is added by the caller). */
function outcomeOf(decision: Gs1Decision): Outcome {
  const base = { headers: { link: decision.headers.link ?? '', vary: decision.headers.vary ?? '' } };
  switch (decision.kind) {
    case 'redirect':
      return {
        ...base,
        status: 307,
        outcome: 'redirect',
        location: decision.location,
        link: resolvedLinkOf(decision.link),
        candidates: decision.candidates.map(resolvedLinkOf),
        message: null,
      };
    case 'choices':
      return {
        ...base,
        status: 300,
        outcome: 'choices',
        location: null,
        link: null,
        candidates: decision.candidates.map(resolvedLinkOf),
        message: null,
      };
    case 'linkset':
      return {
        ...base,
        status: 200,
        outcome: 'linkset',
        location: null,
        link: null,
        candidates: [],
        message: null,
      };
    case 'not_found':
      return {
        ...base,
        status: 404,
        outcome: 'not_found',
        location: null,
        link: null,
        candidates: [],
        message: decision.message,
      };
  }
}

const QUALIFIER_FAULTS = new Set([
  'not_a_qualifier',
  'attribute_in_path',
  'qualifier_order',
  'qualifier_mix',
]);

/** A URI fault as a 400 at the body field it comes from. */
function identifierProblem(identifiers: Gs1Identifiers): Problem | null {
  const error = validateIdentifiers(identifiers);
  if (!error) return null;
  const index = identifiers.qualifiers.findIndex((q) => q.ai === error.ai);
  const path =
    index >= 0
      ? `/body/qualifiers/${index}`
      : QUALIFIER_FAULTS.has(error.code) || error.code === 'invalid_combination'
        ? '/body/qualifiers'
        : '/body/primaryKey';
  return validationFailed([{ path, message: error.message }], error.message);
}

/** The scanned URI's query: linkType and context as a phone's request carries them, then the rest. */
function scannedQuery(input: Gs1SimulateBody): string {
  const pairs = new URLSearchParams();
  if (input.linkType) pairs.set('linkType', input.linkType);
  if (input.context) pairs.set('context', input.context);
  const own = pairs.toString().replace(/%3A/gi, ':');
  const rest = (input.query ?? '').replace(/^\?/, '');
  return [own, rest].filter((part) => part !== '').join('&');
}

export class Gs1Simulator {
  constructor(private readonly deps: Gs1SimulatorDeps) {}

  /** What a scan of the item (at the qualifiers given) with these headers and parameters would get. */
  async simulate(workspaceId: string, id: string, input: Gs1SimulateBody): Promise<Gs1Simulation> {
    const item = await this.deps.gs1.get(workspaceId, id);
    const identifiers: Gs1Identifiers = {
      primaryKey: item.primaryKey,
      qualifiers: input.qualifiers ?? [],
      attributes: [],
      stem: '',
    };
    const fault = item.prefix ? null : identifierProblem(identifiers);
    if (fault) throw fault;
    const origin = new URL(item.uri).origin;
    const uri = buildDigitalLinkUri(identifiers, origin);
    const found = await this.deps.gs1.findForEdge(item.hostname ?? '', item.primaryKey);
    const record = found && found.id === item.id ? found.record : null;
    const query = scannedQuery(input);
    const request = {
      identifiers,
      origin,
      ...(input.linkType ? { linkType: input.linkType } : {}),
      ...(input.context ? { context: input.context } : {}),
      ...(input.accept ? { accept: input.accept } : {}),
      ...(input.language ? { acceptLanguage: input.language } : {}),
      ...(query ? { query } : {}),
    };
    const resolved = decideResolution(record, request);
    // The item's rules pick among the candidates as the edge's do, from the phone's context.
    const headers: Record<string, string> = {};
    if (input.userAgent) headers['user-agent'] = input.userAgent;
    if (input.language) headers['accept-language'] = input.language;
    const context = this.deps.scanContext({
      headers,
      hostname: new URL(origin).hostname,
      url: `${new URL(uri).pathname}${query ? `?${query}` : ''}`,
      country: input.country?.toUpperCase(),
    });
    if (input.at) context.now = Date.parse(input.at);
    const linkset = decideResolution(record, { identifiers, origin, linkType: 'linkset' });
    const shown = {
      uri: query ? `${uri}?${query}` : uri,
      linkset: linkset.kind === 'linkset' ? linkset.body : null,
      linksetNotes: linkset.kind === 'linkset' ? linkset.changes : [],
    };
    // The item's controls and rules decide among what the resolver chose, as the edge's do.
    if (!found || found.id !== item.id || (resolved.kind !== 'redirect' && resolved.kind !== 'choices')) {
      return { ...shown, ...outcomeOf(resolved), rule: null, stoppedBy: null };
    }
    context.scansBefore = input.scansBefore ?? (await this.deps.countedScans(item.id));
    const passwordHash = found.controls?.passwordHash ?? null;
    const unlocked =
      passwordHash === null ||
      (input.password !== undefined && (await verifyCodePassword(input.password, passwordHash)));
    const overLimit = await this.deps.isOverLimit(workspaceId);
    const decided = decideItemScan(decidableItem(found), resolved, context, request.query, {
      unlocked,
      overLimit,
    });
    if (decided.kind === 'gone') {
      return { ...shown, ...heldOutcome('stopped', resolved), rule: null, stoppedBy: decided.stoppedBy };
    }
    if (decided.kind === 'password') {
      return { ...shown, ...heldOutcome('password', resolved), rule: null, stoppedBy: null };
    }
    return { ...shown, ...outcomeOf(decided.decision), rule: decided.rule, stoppedBy: decided.stoppedBy };
  }

  /** A Digital Link URI on a host of the workspace, checked as a scanned one is; compressed if asked. */
  async writeUri(workspaceId: string, input: Gs1WriteUriBody): Promise<Gs1WrittenUri> {
    const identifiers: Gs1Identifiers = {
      primaryKey: input.primaryKey,
      qualifiers: input.qualifiers ?? [],
      attributes: [],
      stem: '',
    };
    const fault = identifierProblem(identifiers);
    if (fault) throw fault;
    const origin = await this.originOf(workspaceId, input.host);
    const uncompressed = buildDigitalLinkUri(identifiers, origin);
    const compression = input.compression ?? 'none';
    const uri =
      compression === 'none'
        ? uncompressed
        : compressDigitalLink(identifiers, origin, { optimise: compression === 'optimised' });
    return { uri, uncompressed, host: new URL(origin).host };
  }

  private async originOf(workspaceId: string, host: string | undefined): Promise<string> {
    const [primary = ''] = this.deps.ownOrigins;
    if (host === undefined) return primary;
    const wanted = host.trim().toLowerCase().replace(/\.$/, '');
    const own = this.deps.ownOrigins.find((origin) => new URL(origin).host === wanted);
    if (own) return own;
    const name = await this.deps.bindable(workspaceId, wanted, '/body/host');
    return `https://${name}`;
  }
}
