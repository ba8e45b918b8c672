import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type AjvIssue, fieldErrorsOf } from '../../plugins/errors.js';
import { compileJsonValidator } from '../../plugins/validation.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import type { Clock } from '../../shared/clock.js';
import { monotonicIds } from '../../shared/ids.js';
import {
  type FieldError,
  notFound,
  Problem,
  type ProblemBody,
  validationFailed,
} from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import type { ChangeEvent, EventsService } from '../events/events.service.js';
import { BULK_MAX_ITEMS } from '../plans/plans.js';
import { publishCodeChanges } from './code-change.js';
import type { CodeDrafts, PreparedCode, PreparedUpdate } from './code-drafts.js';
import { codeEvent, DERIVED_FIELDS, passwordChange } from './code-events.js';
import type { CodeImages } from './code-images.js';
import type { CodeResources, ScanTotalsSource } from './code-resources.js';
import { type CodeState, columnsOf, payloadOf } from './code-state.js';
import {
  deleteCodes,
  findCodes,
  findRuleIds,
  insertCodes,
  takenSlugs,
  updateCode,
} from './qrcodes.repository.js';
import {
  type CodeResource,
  CreateCodeBody,
  type CreateCodeCommand,
  type CreateCodeInput,
  type PatchCodeInput,
} from './qrcodes.schemas.js';
import type { QrCodeRow } from './qrcodes.table.js';
import { findNulCharacter } from './qrcodes.validate.js';
import { isReservedSlug, randomSlug, slugTakenProblem } from './slugs.js';

/**
 * Bulk create, update and delete (POST /qrcodes/bulk, bulk-update, bulk-delete; imports). Every
 * item is checked by the same code as the single routes (the service's prepareCreate and
 * prepareUpdate), and what is fast about bulk is how the checked items are written:
 *
 * - one transaction per call (or per 1,000 items for a service caller that passes more), multi-row
 *   inserts, the audit events written with one statement in that transaction;
 * - slugs checked and allocated in one query per host, not one insert attempt each;
 * - a design is drawn and verified by the decoder once per distinct (mode, style, payload length)
 *   in the call, not once per code: codes that differ only in their slug draw the same symbol
 *   version with the same style. Should a drawing fail, each code of that kind is drawn itself,
 *   so every refusal is the code's own;
 * - answers carry no image (a create answer's `image` is per code; bulk answers `imageUrl`).
 */

export interface BulkCreateOptions {
  /** All or none: any failing item makes the call a 422 listing every failing item, and nothing is written. */
  atomic: boolean;
  /** Where an item's fields are in the request (JSON Pointer); default `/body/items/{index}`. */
  path?: (index: number) => string;
  /** Rules to store with the codes (an import's): items may name them before they exist. */
  newRules?: NewRules | undefined;
}

/**
 * Rules made with the codes that use them: each is stored in the transaction of the first code
 * that has it, so a rule no created code uses is never stored, and an atomic call stores all or none.
 */
export interface NewRules {
  /** The ids the items may name. */
  ids: ReadonlySet<string>;
  /** Stores these of them in the codes' transaction `trx`; answers their events to record with the codes'. */
  write(trx: Kysely<Database>, ids: string[]): Promise<ChangeEvent[]>;
}

export type BulkChangeOptions = Omit<BulkCreateOptions, 'path' | 'newRules'>;

/** A failed item: the problem a single request with its body would have answered. */
export interface BulkItemFailure {
  index: number;
  status: number;
  problem: ProblemBody;
}

export type BulkItemResult = { index: number; status: 201; qrcode: CodeResource } | BulkItemFailure;

export type BulkChangeResult =
  | { index: number; id: string; status: 200; qrcode: CodeResource }
  | { index: number; id: string; status: 204 }
  | (BulkItemFailure & { id: string });

/** What the bulk writer needs of the service: its checks (the single routes') and its views. */
/** What bulk calls are made of: the single writes' checks, drawing, resources, scans and the change bus. */
export interface BulkDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: EventsService;
  shortBase: string;
  /** Each item is checked by the single routes' own checks. */
  drafts: Pick<CodeDrafts, 'create' | 'update' | 'refuseOverCodeLimit'>;
  images: Pick<CodeImages, 'draw'>;
  resources: Pick<CodeResources, 'resourceOf'>;
  scans: Pick<ScanTotalsSource, 'totalsFor'>;
  /** Where each change is published once its transaction has committed. */
  changes: ChangeBus;
}

interface PendingCreate extends PreparedCode {
  index: number;
  base: string;
}

const SLUG_ATTEMPTS = 8;

const defaultPath = (index: number) => `/body/items/${index}`;
const idPath = (index: number) => `/body/ids/${index}`;

export class CodeBulk {
  private readonly checkCreateBody = compileJsonValidator(CreateCodeBody);
  private readonly newCodeId = monotonicIds('qr');

  constructor(private readonly deps: BulkDeps) {}

  // --- create ---------------------------------------------------------------------------------

  async create(
    access: WorkspaceAccess,
    items: unknown[],
    { atomic, path = defaultPath, newRules }: BulkCreateOptions,
  ): Promise<BulkItemResult[]> {
    const failures = new Map<number, BulkItemFailure>();
    const pending: PendingCreate[] = [];
    const verify = groupedVerifier(this.deps);
    const newRuleIds = newRules?.ids;
    for (const [index, item] of items.entries()) {
      await breather(index);
      const base = path(index);
      try {
        const body = this.createBodyOf(item, base);
        const prepared = await this.deps.drafts.create(access, body, base, { newRuleIds });
        await verify(prepared.state, base);
        pending.push({ index, base, ...prepared });
      } catch (error) {
        failures.set(index, failureOf(index, error));
      }
    }
    let toWrite = await this.allocateSlugs(pending, failures);
    if (atomic && failures.size > 0) throw atomicProblem(failures, items.length, path);
    await this.deps.drafts.refuseOverCodeLimit(access.workspaceId, toWrite.length);

    const created = new Map<number, CodeResource>();
    const rules = newRules && { ...newRules, written: new Set<string>() };
    const chunks = atomic ? [toWrite] : chunksOf(toWrite, BULK_MAX_ITEMS);
    for (let chunk of chunks) {
      for (let attempt = 1; ; attempt++) {
        try {
          for (const [index, code] of await this.insertChunk(access, chunk, rules)) created.set(index, code);
          break;
        } catch (error) {
          // Another request took a slug since they were checked: check again and retry the chunk.
          if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
          chunk = await this.allocateSlugs(chunk, failures, true);
          if (atomic && failures.size > 0) throw atomicProblem(failures, items.length, path);
        }
      }
    }
    toWrite = toWrite.filter((p) => created.has(p.index));
    await publishCodeChanges(
      this.deps.changes,
      ...toWrite.map((p) => ({
        id: created.get(p.index)?.id ?? '',
        ...where(p.state),
        created: true as const,
      })),
    );
    return items.map(
      (_, index): BulkItemResult =>
        failures.get(index) ?? { index, status: 201, qrcode: created.get(index) as CodeResource },
    );
  }

  /** An item checked against the create body's schema (a route's check), or its 400. */
  private createBodyOf(item: unknown, base: string): CreateCodeCommand {
    const nul = findNulCharacter(item, base);
    if (nul !== null) throw validationFailed([{ path: nul, message: 'must not contain NUL characters' }]);
    // The check fills in defaults (enabled: true) as a route's does; the caller's item stays as sent.
    const copy = item !== null && typeof item === 'object' ? structuredClone(item) : item;
    // An export's stored password hash is no field of the API's body: it is checked by prepareCreate.
    const { passwordHash, ...body } = (copy ?? {}) as CreateCodeCommand;
    const checked = typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? body : copy;
    if (!this.checkCreateBody(checked)) {
      const errors = fieldErrorsOf((this.checkCreateBody.errors ?? []) as AjvIssue[], base);
      throw validationFailed(errors.length > 0 ? errors : [{ path: base, message: 'must be an object' }]);
    }
    return passwordHash === undefined
      ? (checked as CreateCodeInput)
      : { ...(checked as CreateCodeInput), passwordHash };
  }

  /**
   * Gives each pending code a free slug, one query per host: a slug the item named that is taken
   * (or named by an earlier item) is its 409; a random one is drawn again. Answers the codes left.
   */
  private async allocateSlugs(
    pending: PendingCreate[],
    failures: Map<number, BulkItemFailure>,
    redrawRandom = false,
  ): Promise<PendingCreate[]> {
    const byHost = groupBy(pending, (p) => p.state.hostKey);
    for (const [hostKey, codes] of byHost) {
      const taken = await takenSlugs(
        this.deps.db,
        hostKey,
        codes.map((p) => p.state.slug),
      );
      const used = new Set<string>();
      // Named slugs first, so a random slug never takes one that an item asked for.
      for (const p of codes.filter((c) => c.given !== undefined)) {
        if (taken.has(p.state.slug) || used.has(p.state.slug)) {
          const problem = slugTakenProblem(p.state.slug, hostKey, `${p.base}/slug`);
          failures.set(p.index, failureOf(p.index, problem));
        }
        used.add(p.state.slug);
      }
      for (const p of codes.filter((c) => c.given === undefined)) {
        if (redrawRandom && taken.has(p.state.slug)) p.state.slug = randomSlug();
        while (taken.has(p.state.slug) || used.has(p.state.slug) || isReservedSlug(p.state.slug, hostKey))
          p.state.slug = randomSlug();
        used.add(p.state.slug);
      }
    }
    return pending.filter((p) => !failures.has(p.index));
  }

  /**
   * Writes a chunk in one transaction with its `qrcode.created` events, and the new rules its codes
   * use that no earlier chunk wrote; the codes by item index.
   */
  private async insertChunk(
    access: WorkspaceAccess,
    chunk: PendingCreate[],
    rules: (NewRules & { written: Set<string> }) | undefined,
  ) {
    const now = this.deps.clock.now();
    const rows = chunk.map((p) => ({
      pending: p,
      row: {
        id: this.newCodeId(now),
        account_id: access.workspaceId,
        ...columnsOf(p.state),
        created_at: now,
        updated_at: now,
      } as QrCodeRow,
    }));
    const codes = new Map<number, CodeResource>(
      rows.map(({ pending, row }) => [pending.index, this.deps.resources.resourceOf(row, pending.ruleIds)]),
    );
    const ruleIds = rules
      ? [...new Set(chunk.flatMap((p) => p.ruleIds))].filter(
          (id) => rules.ids.has(id) && !rules.written.has(id),
        )
      : [];
    await this.deps.events.inTransaction(async (trx) => {
      const ruleEvents = rules && ruleIds.length > 0 ? await rules.write(trx, ruleIds) : [];
      await insertCodes(
        trx,
        rows.map(({ pending, row }) => ({ row, ruleIds: pending.ruleIds })),
      );
      const events = [...codes.values()].map((code) =>
        codeEvent('qrcode.created', access, code.id, { object: code }),
      );
      return { result: undefined, events: [...ruleEvents, ...events] };
    });
    // Only once the transaction stands: a chunk retried after a slug race writes its rules again.
    for (const id of ruleIds) rules?.written.add(id);
    return codes;
  }

  // --- update and delete ----------------------------------------------------------------------

  /** PATCH /qrcodes/{id} with one merge patch for each id; a missing or foreign id is its 404. */
  async update(
    access: WorkspaceAccess,
    ids: string[],
    patch: PatchCodeInput,
    { atomic }: BulkChangeOptions,
  ): Promise<BulkChangeResult[]> {
    const workspaceId = access.workspaceId;
    const rows = new Map((await findCodes(this.deps.db, workspaceId, ids)).map((row) => [row.id, row]));
    const failures = new Map<number, BulkItemFailure>();
    const verify = groupedVerifier(this.deps);
    const changes: Array<{ index: number; row: QrCodeRow } & PreparedUpdate> = [];
    for (const [index, id] of ids.entries()) {
      await breather(index);
      const row = rows.get(id);
      try {
        if (!row) throw notFound('QR code');
        const prepared = await this.deps.drafts.update(access, row, patch, '/body/patch', (state) =>
          verify(state, '/body/patch'),
        );
        changes.push({ index, row, ...prepared });
      } catch (error) {
        failures.set(index, failureOf(index, error));
      }
    }
    await this.refuseTakenSlugs(changes, failures);
    if (atomic && failures.size > 0) throw atomicProblem(failures, ids.length, null);
    const writing = changes.filter((c) => !failures.has(c.index));
    const rules = await findRuleIds(
      this.deps.db,
      writing.map((c) => c.row.id),
    );
    const now = this.deps.clock.now();
    const updated = new Map<number, QrCodeRow>();
    try {
      await this.deps.events.inTransaction(async (trx) => {
        const events: ChangeEvent[] = [];
        for (const change of writing) {
          const { row, after, before } = change;
          const next = { ...row, ...columnsOf(after), updated_at: now } as QrCodeRow;
          await updateCode(trx, workspaceId, row.id, { ...columnsOf(after), updated_at: now });
          updated.set(change.index, next);
          const ruleIds = rules.get(row.id) ?? [];
          const fields = changedFields(
            this.deps.resources.resourceOf(row, ruleIds),
            this.deps.resources.resourceOf(next, ruleIds),
            { ignore: DERIVED_FIELDS },
          );
          const password = passwordChange(before.controls.passwordHash, after.controls.passwordHash);
          if (password) fields.password = password;
          if (Object.keys(fields).length > 0)
            events.push(codeEvent('qrcode.updated', access, row.id, { changes: fields }));
        }
        return { result: undefined, events };
      });
    } catch (error) {
      // A slug taken between the check and the write: the whole call is the single route's 409.
      if (isUniqueViolation(error)) throw slugTakenProblem(patch.slug ?? '', '', '/body/patch/slug');
      throw error;
    }
    for (const { row, after, moved } of writing) {
      await publishCodeChanges(this.deps.changes, { id: row.id, ...where(stateOfRow(row)) });
      if (moved) await publishCodeChanges(this.deps.changes, { id: row.id, ...where(after) });
    }
    const scans = await this.deps.scans.totalsFor(
      workspaceId,
      writing.map((c) => c.row.id),
    );
    return ids.map((id, index): BulkChangeResult => {
      const failure = failures.get(index);
      if (failure) return { ...failure, id };
      const row = updated.get(index) as QrCodeRow;
      return {
        index,
        id,
        status: 200,
        qrcode: this.deps.resources.resourceOf(row, rules.get(id) ?? [], scans.get(id)),
      };
    });
  }

  /** DELETE /qrcodes/{id} for each id, in one transaction; a missing or foreign id is its 404. */
  async delete(
    access: WorkspaceAccess,
    ids: string[],
    { atomic }: BulkChangeOptions,
  ): Promise<BulkChangeResult[]> {
    const workspaceId = access.workspaceId;
    const rows = new Map((await findCodes(this.deps.db, workspaceId, ids)).map((row) => [row.id, row]));
    const failures = new Map<number, BulkItemFailure>();
    for (const [index, id] of ids.entries())
      if (!rows.has(id)) failures.set(index, failureOf(index, notFound('QR code')));
    if (atomic && failures.size > 0) throw atomicProblem(failures, ids.length, null);
    const found = [...rows.keys()];
    // Read first: each event shows the code as it was, its scans too.
    const [rules, scans] = await Promise.all([
      findRuleIds(this.deps.db, found),
      this.deps.scans.totalsFor(workspaceId, found),
    ]);
    await this.deps.events.inTransaction(async (trx) => {
      await deleteCodes(trx, workspaceId, found);
      const events = [...rows.values()].map((row) =>
        codeEvent('qrcode.deleted', access, row.id, {
          object: this.deps.resources.resourceOf(row, rules.get(row.id) ?? [], scans.get(row.id)),
        }),
      );
      return { result: undefined, events };
    });
    await publishCodeChanges(
      this.deps.changes,
      ...[...rows.values()].map((row) => ({ id: row.id, hostKey: row.host_key, slug: row.slug })),
    );
    return ids.map(
      (id, index): BulkChangeResult => ({ ...(failures.get(index) ?? { index, status: 204 as const }), id }),
    );
  }

  /** Codes a patch moves onto a slug that is taken, or that another code of the call moves to: their 409. */
  private async refuseTakenSlugs(
    changes: Array<{ index: number; row: QrCodeRow } & PreparedUpdate>,
    failures: Map<number, BulkItemFailure>,
  ): Promise<void> {
    const moving = changes.filter((c) => c.moved);
    for (const [hostKey, codes] of groupBy(moving, (c) => c.after.hostKey)) {
      const taken = await takenSlugs(
        this.deps.db,
        hostKey,
        codes.map((c) => c.after.slug),
      );
      const used = new Set<string>();
      for (const c of codes) {
        // Its own slug on its own host is not a conflict (a code that moves host keeps its slug).
        const own = c.row.host_key === hostKey && c.row.slug === c.after.slug;
        if ((taken.has(c.after.slug) && !own) || used.has(c.after.slug))
          failures.set(
            c.index,
            failureOf(c.index, slugTakenProblem(c.after.slug, hostKey, '/body/patch/slug')),
          );
        used.add(c.after.slug);
      }
    }
  }
}

/**
 * Draws and verifies a code's design once per kind: a drawing of the same mode, style and payload
 * length that passed stands for the others (they differ in their slug or data only). A failure is
 * not remembered, so each code of a failing kind is drawn and judged itself.
 */
function groupedVerifier(deps: Pick<BulkDeps, 'images' | 'shortBase'>) {
  const passed = new Set<string>();
  return async (state: CodeState, base: string): Promise<void> => {
    const key = `${state.mode}\0${payloadOf(state, deps.shortBase).length}\0${JSON.stringify(state.style)}`;
    if (passed.has(key)) return;
    await deps.images.draw(state, 'svg', base);
    passed.add(key);
  };
}

/**
 * Lets the event loop take its other work (the redirect edge's scans above all) every few items:
 * checking 1,000 items is tens of milliseconds of CPU that scans should not wait behind.
 */
const BREATHE_EVERY = 25;
const breather = (index: number) => (index % BREATHE_EVERY === BREATHE_EVERY - 1 ? nextTurn() : undefined);

const where = (state: Pick<CodeState, 'hostKey' | 'slug'>) => ({ hostKey: state.hostKey, slug: state.slug });
const stateOfRow = (row: QrCodeRow) => ({ hostKey: row.host_key, slug: row.slug });

/** An item's problem as its result; anything but a problem is our fault and fails the call. */
function failureOf(index: number, error: unknown): BulkItemFailure {
  if (!(error instanceof Problem)) throw error;
  return { index, status: error.status, problem: error.toBody() };
}

/**
 * `?atomic=true` with failing items: one 422 whose `errors` hold every failing field (paths name
 * the item, `/body/items/3/target`) and whose `items` hold each failing item's own problem. A
 * caller of the service (an import) reads the failures from `failures`.
 */
export class AtomicBulkRefusal extends Problem {
  constructor(
    readonly failures: BulkItemFailure[],
    total: number,
    itemPath: ((index: number) => string) | null,
  ) {
    // Bulk update and delete name the failing id (`/body/ids/2`): their field paths are the patch's.
    const errors: FieldError[] = failures.flatMap(({ index, problem }) =>
      itemPath !== null && problem.errors && problem.errors.length > 0
        ? problem.errors
        : [{ path: (itemPath ?? idPath)(index), message: problem.detail }],
    );
    super(
      'unprocessable',
      `${failures.length} of ${total} item${total === 1 ? '' : 's'} failed (${failures.map((i) => i.index).join(', ')}); with atomic=true nothing was written.`,
      { errors, extensions: { items: failures } },
    );
  }
}

export function atomicProblem(
  failures: Map<number, BulkItemFailure>,
  total: number,
  itemPath: ((index: number) => string) | null = defaultPath,
): AtomicBulkRefusal {
  const items = [...failures.values()].sort((a, b) => a.index - b.index);
  return new AtomicBulkRefusal(items, total, itemPath);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
