import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type FieldError, Problem, type ProblemBody, validationFailed } from '../../shared/problem.js';
import type { ListQueryInput } from '../qrcodes/qrcodes.schemas.js';
import type { CreateCodeCommand, ExportedCode } from '../qrcodes/qrcodes.service.js';
import { findNulCharacter } from '../qrcodes/qrcodes.validate.js';
import type { Rule, RuleCreateBody } from '../rules/rules.schemas.js';
import { CSV_HEADER, csvRowOf, exportItem, type RuleDefinition } from './export-format.js';
import { type ImportFormat, type ImportItem, parseImport } from './import-formats.js';

/** The QR codes service as this module uses it. */
export interface CodeDirectory {
  check(access: WorkspaceAccess, input: CreateCodeCommand, base: string): Promise<void>;
  exportPage(
    accountId: string,
    query: ListQueryInput,
  ): Promise<{ data: ExportedCode[]; nextCursor: string | null }>;
  bulkCreate(
    access: WorkspaceAccess,
    items: CreateCodeCommand[],
    options: { atomic: false; path: (index: number) => string },
  ): Promise<Array<{ index: number; status: number; problem?: ProblemBody }>>;
  refuseOverCodeLimit(accountId: string, wanted: number): Promise<void>;
}

/** The rules service as this module uses it: an import makes the rules an export carried. */
export interface RuleDirectory {
  list(
    accountId: string,
    query: { limit?: number; cursor?: string },
  ): Promise<{ data: Rule[]; nextCursor: string | null }>;
  getManyForAccount(accountId: string, ids: readonly string[]): Promise<Rule[]>;
  create(access: WorkspaceAccess, body: RuleCreateBody): Promise<Rule>;
}

/** The hostnames service as this module uses it: which names a code in a file may keep. */
export interface HostnameDirectory {
  list(
    accountId: string,
    query: { limit?: number; cursor?: string },
  ): Promise<{ data: Array<{ hostname: string; status: string }>; nextCursor: string | null }>;
}

/** Checks a create body against the API's schema (the routes pass Fastify's validator in); paths from the body's root. */
export type CreateShapeCheck = (candidate: unknown) => FieldError[];

export interface ImportReport {
  rows: number;
  /** Codes made (on a dry run: codes that would be made). */
  created: number;
  skipped: number;
  dryRun: boolean;
  errors: Array<{ row: number; problem: ProblemBody }>;
  /** Hostnames the file named that are not verified names of this workspace: those codes are on the primary host. */
  hostnamesReplaced: Array<{ hostname: string; rows: number }>;
}

export type ExportFilters = Pick<ListQueryInput, 'mode' | 'tag' | 'hostname' | 'q'>;

const PAGE_SIZE = 100;

/**
 * Import and export of codes. Import reads a file (ours or a peer's, import-formats.ts), checks
 * every row as a create would (a dry run stops there and writes nothing), and creates the rest
 * through the QR codes service's bulk create, so every code is checked, counted and audited as
 * one made by hand. Export streams the workspace's codes page by page.
 */
export class TransferService {
  constructor(
    private readonly options: { codes: CodeDirectory; rules: RuleDirectory; hostnames: HostnameDirectory },
  ) {}

  async import(
    access: WorkspaceAccess,
    request: { format: ImportFormat; body: unknown; dryRun: boolean; checkShape: CreateShapeCheck },
  ): Promise<ImportReport> {
    const parsed = parseImport(request.format, request.body);
    const errors: RowError[] = [...parsed.errors];
    const context: RowContext = {
      hostnames: await this.verifiedHostnames(access.workspaceId),
      replaced: new Map(),
      slugs: new Map(),
      rules: new RuleMatcher(access, this.options.rules, request.dryRun),
    };
    const ready: Array<{ row: number; input: CreateCodeCommand }> = [];
    for (const item of parsed.items) {
      try {
        const input = await this.inputOf(item, context, request.checkShape);
        if (request.dryRun) await this.options.codes.check(access, withoutUnmadeRules(input), '');
        ready.push({ row: item.row, input });
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        errors.push({ row: item.row, problem: error });
      }
    }
    // Imports count against the codes limit as creates do: over it, the whole import is a 402 saying how many fit.
    if (request.dryRun) await this.options.codes.refuseOverCodeLimit(access.workspaceId, ready.length);
    const created = request.dryRun ? ready.length : await this.createAll(access, ready, errors);
    return {
      rows: parsed.rows,
      created,
      skipped: parsed.rows - created,
      dryRun: request.dryRun,
      errors: errors
        .sort((a, b) => a.row - b.row)
        .map(({ row, problem }) => ({ row, problem: rowProblem(problem) })),
      hostnamesReplaced: [...context.replaced].map(([hostname, rows]) => ({ hostname, rows })),
    };
  }

  /** Creates the checked rows in one bulk create (it writes them 1,000 to a transaction); answers how many were made. */
  private async createAll(
    access: WorkspaceAccess,
    ready: Array<{ row: number; input: CreateCodeCommand }>,
    errors: RowError[],
  ): Promise<number> {
    if (ready.length === 0) return 0;
    const results = await this.options.codes.bulkCreate(
      access,
      ready.map((entry) => entry.input),
      // Paths from the row's fields (`/slug`), as the parser's own problems have them.
      { atomic: false, path: () => '' },
    );
    let created = 0;
    for (const result of results) {
      const { row } = ready[result.index] as { row: number };
      if (result.status === 201) created++;
      else if (result.problem) errors.push({ row, problem: result.problem });
    }
    return created;
  }

  /** The item as a create body: its hostname kept or replaced, its shape and slug checked, its rules resolved. */
  private async inputOf(item: ImportItem, context: RowContext, checkShape: CreateShapeCheck) {
    const { passwordHash, ...body } = item.body;
    if (passwordHash !== undefined && typeof passwordHash !== 'string') {
      throw validationFailed([{ path: '/passwordHash', message: 'must be text' }]);
    }
    if (item.domain !== null && body.mode !== 'static') {
      if (context.hostnames.has(item.domain)) body.hostname = item.domain;
      else context.replaced.set(item.domain, (context.replaced.get(item.domain) ?? 0) + 1);
    }
    // As the routes refuse NUL characters anywhere in a body, a row may not carry one either.
    const nul = findNulCharacter(body, '');
    if (nul !== null) throw validationFailed([{ path: nul, message: 'must not contain NUL characters' }]);
    const shapeErrors = checkShape(body);
    if (shapeErrors.length > 0) throw validationFailed(shapeErrors);
    const input = body as CreateCodeCommand;
    if (passwordHash !== undefined) input.passwordHash = passwordHash;
    if (input.slug !== undefined) {
      const key = `${input.hostname ?? ''}/${input.slug}`;
      const earlier = context.slugs.get(key);
      if (earlier !== undefined) {
        throw new Problem('conflict', `Row ${earlier} of this file already has the slug ${input.slug}.`, {
          errors: [{ path: '/slug', message: `is row ${earlier}'s slug too` }],
        });
      }
      context.slugs.set(key, item.row);
    }
    if (item.rules.length > 0) input.rules = await context.rules.idsOf(item.rules);
    return input;
  }

  private async verifiedHostnames(accountId: string): Promise<Set<string>> {
    const names = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.options.hostnames.list(accountId, {
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      for (const host of page.data) if (host.status === 'verified') names.add(host.hostname);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return names;
  }

  /**
   * The workspace's codes as export.csv or export.json, a page at a time (the list's filters
   * apply), so a workspace of any size streams in constant memory.
   */
  async *exportLines(
    accountId: string,
    filters: ExportFilters,
    format: 'csv' | 'json',
  ): AsyncGenerator<string> {
    const rules = new Map<string, RuleDefinition>();
    // Yielded with the first page, so the first value read means the query was accepted.
    let chunk =
      format === 'csv'
        ? CSV_HEADER
        : `{"format":"rq-codes","version":1,"exportedAt":${JSON.stringify(new Date().toISOString())},"codes":[`;
    let cursor: string | undefined;
    let first = true;
    do {
      const page = await this.options.codes.exportPage(accountId, { ...filters, limit: PAGE_SIZE, cursor });
      await this.loadRules(accountId, page.data, rules);
      for (const code of page.data) {
        const item = exportItem(code, rules);
        chunk += format === 'csv' ? csvRowOf(item) : `${first ? '' : ','}\n${JSON.stringify(item)}`;
        first = false;
      }
      if (chunk !== '') yield chunk;
      chunk = '';
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    if (format === 'json') yield '\n]}\n';
  }

  /** Adds the definitions of the page's rules not yet known to `known`. */
  private async loadRules(accountId: string, codes: ExportedCode[], known: Map<string, RuleDefinition>) {
    const missing = [...new Set(codes.flatMap((code) => code.rules))].filter((id) => !known.has(id));
    if (missing.length === 0) return;
    for (const rule of await this.options.rules.getManyForAccount(accountId, missing)) {
      known.set(rule.id, {
        id: rule.id,
        name: rule.name,
        enabled: rule.enabled,
        when: rule.when,
        then: rule.then,
      });
    }
  }
}

/** A row's problem: the parser's or the create's (a Problem), or one bulk create answered (a body). */
type RowError = { row: number; problem: Problem | ProblemBody };

interface RowContext {
  hostnames: Set<string>;
  /** Hostnames not kept, with how many rows named each. */
  replaced: Map<string, number>;
  /** `hostname/slug` of the rows read so far, to their row: a file may not give one twice. */
  slugs: Map<string, number>;
  rules: RuleMatcher;
}

/** A rule definition no rule of the workspace matches yet, on a dry run (made on a real one). */
const UNMADE = 'rule_unmade';

/**
 * Rules by id or by definition: a definition is the workspace's rule with the same name, state,
 * condition and action if there is one, otherwise a new rule made once per import (on a dry run,
 * nothing is made and the code is checked without it).
 */
class RuleMatcher {
  private existing: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly access: WorkspaceAccess,
    private readonly rules: RuleDirectory,
    private readonly dryRun: boolean,
  ) {}

  async idsOf(rules: Array<string | RuleDefinition>): Promise<string[]> {
    const ids: string[] = [];
    for (const rule of rules) ids.push(typeof rule === 'string' ? rule : await this.idOf(rule));
    return ids;
  }

  private async idOf(rule: RuleDefinition): Promise<string> {
    this.existing ??= this.load();
    const known = await this.existing;
    const key = definitionKey(rule);
    const id = known.get(key);
    if (id !== undefined) return id;
    if (this.dryRun) return UNMADE;
    const body = {
      name: rule.name,
      enabled: rule.enabled,
      then: rule.then,
      ...(rule.when ? { when: rule.when } : {}),
    };
    let made: Rule;
    try {
      made = await this.rules.create(this.access, body as RuleCreateBody);
    } catch (error) {
      if (error instanceof Problem) throw rulePathed(error);
      throw error;
    }
    known.set(key, made.id);
    return made.id;
  }

  private async load(): Promise<Map<string, string>> {
    const byDefinition = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await this.rules.list(this.access.workspaceId, {
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      for (const rule of page.data) byDefinition.set(definitionKey(rule), rule.id);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return byDefinition;
  }
}

/** What makes two rules the same rule: name, state, condition and action (key order aside). */
function definitionKey(rule: Pick<RuleDefinition, 'name' | 'enabled' | 'when' | 'then'>): string {
  return stableJson({ name: rule.name, enabled: rule.enabled, when: rule.when ?? null, then: rule.then });
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A rule's problem as the row's: its paths under /rules. */
function rulePathed(problem: Problem): Problem {
  const errors = (problem.options.errors ?? []).map((e) => ({
    ...e,
    path: e.path.replace(/^\/body/, '/rules'),
  }));
  return new Problem(problem.code, problem.detail, { ...problem.options, errors });
}

/** The input a dry run checks: rules that an import would make are left out (they do not exist yet). */
function withoutUnmadeRules(input: CreateCodeCommand): CreateCodeCommand {
  if (!input.rules?.includes(UNMADE)) return input;
  if (input.mode !== 'redirect') {
    throw validationFailed([{ path: '/rules', message: 'rules are for redirect codes only' }]);
  }
  return { ...input, rules: input.rules.filter((id) => id !== UNMADE) };
}

/** A row's problem as the answer shows it: paths from the row's fields (`/slug`), not the request's. */
function rowProblem(problem: Problem | ProblemBody): ProblemBody {
  const body = problem instanceof Problem ? problem.toBody() : problem;
  if (!body.errors) return body;
  return {
    ...body,
    errors: body.errors.map((e) => ({ ...e, path: e.path.replace(/^\/body(?=\/|$)/, '') || '/' })),
  };
}
