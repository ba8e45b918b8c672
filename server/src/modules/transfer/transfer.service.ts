import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type FieldError, Problem, type ProblemBody, validationFailed } from '../../shared/problem.js';
import type { ChangeEvent } from '../events/events.service.js';
import type { ListQueryInput } from '../qrcodes/qrcodes.schemas.js';
import {
  AtomicBulkRefusal,
  type CreateCodeCommand,
  type ExportedCode,
  type NewRules,
} from '../qrcodes/qrcodes.service.js';
import { findNulCharacter } from '../qrcodes/qrcodes.validate.js';
import type { Rule, RuleCreateBody } from '../rules/rules.schemas.js';
import type { PreparedRule } from '../rules/rules.service.js';
import { parseCsv } from './csv.js';
import { CSV_HEADER, csvRowOf, exportItem, type RuleDefinition } from './export-format.js';
import { type ImportFormat, type ImportItem, parseImport } from './import-formats.js';

/** The QR codes service as this module uses it. */
export interface CodeDirectory {
  check(
    access: WorkspaceAccess,
    input: CreateCodeCommand,
    base: string,
    options: { newRuleIds?: ReadonlySet<string> },
  ): Promise<void>;
  exportPage(
    workspaceId: string,
    query: ListQueryInput,
  ): Promise<{ data: ExportedCode[]; nextCursor: string | null }>;
  bulkCreate(
    access: WorkspaceAccess,
    items: CreateCodeCommand[],
    options: { atomic: boolean; path: (index: number) => string; newRules: NewRules },
  ): Promise<Array<{ index: number; status: number; problem?: ProblemBody }>>;
  refuseOverCodeLimit(workspaceId: string, wanted: number): Promise<void>;
}

/** The rules service as this module uses it: an import makes the rules an export carried, with the codes. */
export interface RuleDirectory {
  list(
    workspaceId: string,
    query: { limit?: number; cursor?: string },
  ): Promise<{ data: Rule[]; nextCursor: string | null }>;
  getManyForAccount(workspaceId: string, ids: readonly string[]): Promise<Rule[]>;
  prepare(access: WorkspaceAccess, body: RuleCreateBody, path: string): PreparedRule;
  writePrepared(trx: Kysely<Database>, rules: readonly PreparedRule[]): Promise<ChangeEvent[]>;
}

/** The hostnames service as this module uses it: which names a code in a file may keep. */
export interface HostnameDirectory {
  list(
    workspaceId: string,
    query: { limit?: number; cursor?: string },
  ): Promise<{ data: Array<{ hostname: string; status: string }>; nextCursor: string | null }>;
}

type Gs1ImportResult = Promise<{ rows: number; created: number; errors: RowError[] }>;

/** The GS1 service as this module uses it: files made GS1 items (reference documents, a CSV table, linksets). */
export interface Gs1Importer {
  importReferenceDocuments(
    access: WorkspaceAccess,
    body: unknown,
    options: { dryRun: boolean; atomic: boolean },
  ): Gs1ImportResult;
  importCsvTable(
    access: WorkspaceAccess,
    table: { header: string[]; rows: string[][] },
    options: { dryRun: boolean; atomic: boolean },
  ): Gs1ImportResult;
  importLinksets(
    access: WorkspaceAccess,
    body: unknown,
    options: { dryRun: boolean; atomic: boolean },
  ): Gs1ImportResult;
}

export type Gs1ImportFormat = 'gs1-resolver' | 'gs1-csv' | 'gs1-linkset';

/** Checks a body against the API's schema (the routes pass Fastify's validator in); paths from the body's root. */
export type ShapeCheck = (candidate: unknown) => FieldError[];

export interface ImportRequest {
  format: ImportFormat;
  body: unknown;
  dryRun: boolean;
  /** All or nothing: a row's problem refuses the whole import (a 422 naming every row's). Otherwise per-row results. */
  atomic: boolean;
  /** A code's create body, as POST /qrcodes checks it. */
  checkShape: ShapeCheck;
  /** A rule definition the file carries, as POST /rules checks it. */
  checkRuleShape: ShapeCheck;
}

/** A row the import changed from what the file says: what (`path`, a field of the code) and why. */
export interface RowChange {
  row: number;
  path: string;
  message: string;
}

export interface ImportReport {
  rows: number;
  /** Codes made (on a dry run: the rows that pass, the codes that would be made). */
  created: number;
  skipped: number;
  dryRun: boolean;
  errors: Array<{ row: number; problem: ProblemBody }>;
  /** Hostnames the file named that are not verified names of this workspace: those codes are on the primary host. */
  hostnamesReplaced: Array<{ hostname: string; rows: number }>;
  /** Each row made (or that would be) otherwise than the file says, and why. */
  changes: RowChange[];
}

export type ExportFilters = Pick<ListQueryInput, 'mode' | 'tag' | 'hostname' | 'q'>;

const PAGE_SIZE = 100;

/**
 * Import and export of codes. Import reads a file (ours or a peer's, import-formats.ts), checks
 * every row as a create would (a dry run stops there and writes nothing), and creates the codes
 * through the QR codes service's bulk create, so every code is checked, counted and audited as
 * one made by hand. The rules a file carries are made in the transaction of the codes that use
 * them, so an import is all or nothing (or, when asked, one result per row) for rules too.
 * Export streams the workspace's codes page by page.
 */
export class TransferService {
  constructor(
    private readonly options: {
      codes: CodeDirectory;
      rules: RuleDirectory;
      hostnames: HostnameDirectory;
      gs1: Gs1Importer;
    },
  ) {}

  /**
   * GS1 files made GS1 items by the GS1 module, with the same report, dry run and all-or-nothing
   * refusal as a codes import: GS1's reference resolver's documents (gs1-resolver, JSON), a CSV of
   * GTINs and links (gs1-csv, read by this module's CSV reader), linksets (gs1-linkset, JSON).
   */
  async importGs1(
    access: WorkspaceAccess,
    format: Gs1ImportFormat,
    body: unknown,
    options: { dryRun: boolean; atomic: boolean },
  ): Promise<ImportReport> {
    const isText = typeof body === 'string';
    if (isText !== (format === 'gs1-csv')) {
      throw new Problem(
        'unsupported_media_type',
        format === 'gs1-csv'
          ? 'The gs1-csv format is CSV: send it as text/csv.'
          : `The ${format} format is JSON: send it as application/json.`,
      );
    }
    const { gs1 } = this.options;
    const result =
      format === 'gs1-csv'
        ? await gs1.importCsvTable(access, parseCsv(body as string), options)
        : format === 'gs1-linkset'
          ? await gs1.importLinksets(access, body, options)
          : await gs1.importReferenceDocuments(access, body, options);
    if (options.atomic && !options.dryRun && result.errors.length > 0) {
      throw importRefused(result.rows, result.errors);
    }
    return {
      rows: result.rows,
      created: result.created,
      skipped: result.rows - result.created,
      dryRun: options.dryRun,
      errors: sortedRowProblems(result.errors),
      hostnamesReplaced: [],
      changes: [],
    };
  }

  async import(access: WorkspaceAccess, request: ImportRequest): Promise<ImportReport> {
    const parsed = parseImport(request.format, request.body);
    const errors: RowError[] = [...parsed.errors];
    const context: RowContext = {
      hostnames: await this.verifiedHostnames(access.workspaceId),
      replaced: new Map(),
      changes: [],
      slugs: new Map(),
      rules: new RuleMatcher(access, this.options.rules, request.checkRuleShape),
    };
    const ready: ReadyRow[] = [];
    for (const item of parsed.items) {
      try {
        ready.push({ row: item.row, input: await this.inputOf(item, context, request.checkShape) });
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        errors.push({ row: item.row, problem: error });
      }
    }
    let created: number;
    if (request.dryRun) {
      created = await this.checkRows(access, ready, context.rules.newIds, errors);
      // Imports count against the codes limit as creates do: over it, the whole import is a 402 saying how many fit.
      await this.options.codes.refuseOverCodeLimit(access.workspaceId, created);
    } else if (request.atomic && errors.length > 0) {
      // Refused already: the other rows are checked too, so the answer names every row's problem.
      await this.checkRows(access, ready, context.rules.newIds, errors);
      throw importRefused(parsed.rows, errors);
    } else {
      created = await this.createAll(access, ready, errors, request.atomic, context.rules.newRules());
      if (request.atomic && errors.length > 0) throw importRefused(parsed.rows, errors);
    }
    const failed = new Set(errors.map((error) => error.row));
    return {
      rows: parsed.rows,
      created,
      skipped: parsed.rows - created,
      dryRun: request.dryRun,
      errors: sortedRowProblems(errors),
      hostnamesReplaced: [...context.replaced].map(([hostname, rows]) => ({ hostname, rows })),
      changes: context.changes.filter((change) => !failed.has(change.row)),
    };
  }

  /** Checks each row as a create would, writing nothing; a row's problem goes to `errors`. Answers how many pass. */
  private async checkRows(
    access: WorkspaceAccess,
    ready: ReadyRow[],
    newRuleIds: ReadonlySet<string>,
    errors: RowError[],
  ): Promise<number> {
    let passing = 0;
    for (const { row, input } of ready) {
      try {
        await this.options.codes.check(access, input, '', { newRuleIds });
        passing++;
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        errors.push({ row, problem: error });
      }
    }
    return passing;
  }

  /**
   * Creates the checked rows in one bulk create (atomic: one transaction, or none written; else
   * 1,000 to a transaction), with the new rules they use; answers how many codes were made.
   */
  private async createAll(
    access: WorkspaceAccess,
    ready: ReadyRow[],
    errors: RowError[],
    atomic: boolean,
    newRules: NewRules,
  ): Promise<number> {
    if (ready.length === 0) return 0;
    let results: Awaited<ReturnType<CodeDirectory['bulkCreate']>>;
    try {
      results = await this.options.codes.bulkCreate(
        access,
        ready.map((entry) => entry.input),
        // Paths from the row's fields (`/slug`), as the parser's own problems have them.
        { atomic, path: () => '', newRules },
      );
    } catch (error) {
      if (!(error instanceof AtomicBulkRefusal)) throw error;
      results = error.failures;
    }
    let created = 0;
    for (const result of results) {
      const { row } = ready[result.index] as ReadyRow;
      if (result.status === 201) created++;
      else if (result.problem) errors.push({ row, problem: result.problem });
    }
    return created;
  }

  /** The item as a create body: its hostname kept or replaced, its shape and slug checked, its rules resolved. */
  private async inputOf(item: ImportItem, context: RowContext, checkShape: ShapeCheck) {
    const { passwordHash, ...body } = item.body;
    if (passwordHash !== undefined && typeof passwordHash !== 'string') {
      throw validationFailed([{ path: '/passwordHash', message: 'must be text' }]);
    }
    if (item.domain !== null && body.mode !== 'static') {
      if (context.hostnames.has(item.domain)) body.hostname = item.domain;
      else replaceHostname(context, item.row, item.domain);
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

  private async verifiedHostnames(workspaceId: string): Promise<Set<string>> {
    const names = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.options.hostnames.list(workspaceId, {
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
    workspaceId: string,
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
      const page = await this.options.codes.exportPage(workspaceId, { ...filters, limit: PAGE_SIZE, cursor });
      await this.loadRules(workspaceId, page.data, rules);
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
  private async loadRules(workspaceId: string, codes: ExportedCode[], known: Map<string, RuleDefinition>) {
    const missing = [...new Set(codes.flatMap((code) => code.rules))].filter((id) => !known.has(id));
    if (missing.length === 0) return;
    for (const rule of await this.options.rules.getManyForAccount(workspaceId, missing)) {
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

/** A row read and shaped as a create body, for the codes service to check and make. */
type ReadyRow = { row: number; input: CreateCodeCommand };

interface RowContext {
  hostnames: Set<string>;
  /** Hostnames not kept, with how many rows named each. */
  replaced: Map<string, number>;
  changes: RowChange[];
  /** `hostname/slug` of the rows read so far, to their row: a file may not give one twice. */
  slugs: Map<string, number>;
  rules: RuleMatcher;
}

/** A row's domain that is not a verified hostname of the workspace: the code goes on the primary host, and the report says so. */
function replaceHostname(context: RowContext, row: number, domain: string): void {
  context.replaced.set(domain, (context.replaced.get(domain) ?? 0) + 1);
  context.changes.push({
    row,
    path: '/hostname',
    message: `${domain} is not a verified hostname of this workspace, so the code is on the primary short host`,
  });
}

/**
 * Rules by id or by definition: a definition is the workspace's rule with the same name, state,
 * condition and action if there is one, otherwise a new rule, checked as POST /rules checks it
 * and prepared once per import. New rules are stored with the first code made that uses them
 * (`newRules`), never on a dry run, and never when the import is refused.
 */
class RuleMatcher {
  private existing: Promise<Map<string, string>> | undefined;
  /** New rules by definition key. */
  private readonly prepared = new Map<string, PreparedRule>();
  private readonly preparedById = new Map<string, PreparedRule>();

  constructor(
    private readonly access: WorkspaceAccess,
    private readonly rules: RuleDirectory,
    private readonly checkShape: ShapeCheck,
  ) {}

  async idsOf(rules: Array<string | RuleDefinition>): Promise<string[]> {
    const ids: string[] = [];
    for (const [index, rule] of rules.entries())
      ids.push(typeof rule === 'string' ? rule : await this.idOf(rule, `/rules/${index}`));
    return ids;
  }

  /** The ids of the new rules (codes may name them before they are stored). */
  get newIds(): ReadonlySet<string> {
    return new Set(this.preparedById.keys());
  }

  /** The new rules for the codes service, which stores each with the first code that uses it. */
  newRules(): NewRules {
    return {
      ids: this.newIds,
      write: (trx, ids) =>
        this.rules.writePrepared(
          trx,
          ids.map((id) => this.preparedById.get(id) as PreparedRule),
        ),
    };
  }

  private async idOf(rule: RuleDefinition, path: string): Promise<string> {
    this.existing ??= this.load();
    const key = definitionKey(rule);
    const id = (await this.existing).get(key) ?? this.prepared.get(key)?.rule.id;
    if (id !== undefined) return id;
    const body = {
      name: rule.name,
      enabled: rule.enabled,
      then: rule.then,
      ...(rule.when ? { when: rule.when } : {}),
    };
    const shapeErrors = this.checkShape(body);
    if (shapeErrors.length > 0)
      throw validationFailed(shapeErrors.map((error) => ({ ...error, path: `${path}${error.path}` })));
    const made = this.rules.prepare(this.access, body as RuleCreateBody, path);
    this.prepared.set(key, made);
    this.preparedById.set(made.rule.id, made);
    return made.rule.id;
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

/** The rows' problems as the answer shows them, in row order. */
function sortedRowProblems(errors: RowError[]): Array<{ row: number; problem: ProblemBody }> {
  return [...errors]
    .sort((a, b) => a.row - b.row)
    .map(({ row, problem }) => ({ row, problem: rowProblem(problem) }));
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

/** How many row numbers a refusal's detail names before it says how many more. */
const ROWS_NAMED = 10;

/**
 * An all-or-nothing import with rows that fail: one 422 whose `errors` name every failing field
 * by its row (`/rows/5/slug`), with the file's `rows` and in `failedRows` each failing row's own
 * problem, as the report's `errors` would.
 */
function importRefused(rows: number, errors: RowError[]): Problem {
  const failedRows = sortedRowProblems(errors);
  const numbers = [...new Set(failedRows.map((failure) => failure.row))];
  const named = numbers.slice(0, ROWS_NAMED).join(', ');
  const more = numbers.length > ROWS_NAMED ? ` and ${numbers.length - ROWS_NAMED} more` : '';
  return new Problem(
    'unprocessable',
    `${numbers.length} of ${rows} rows cannot be imported (row${numbers.length === 1 ? '' : 's'} ${named}${more}), so nothing was imported. Fix them, or import the other rows alone with atomic=false.`,
    {
      errors: failedRows.flatMap(({ row, problem }) =>
        problem.errors && problem.errors.length > 0
          ? problem.errors.map((e) => ({
              path: `/rows/${row}${e.path === '/' ? '' : e.path}`,
              message: e.message,
            }))
          : [{ path: `/rows/${row}`, message: problem.detail }],
      ),
      extensions: { rows, failedRows },
    },
  );
}
