import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { readPage } from '../../shared/pagination.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import { type ChangeEvent, changeEvent, type EventsService } from '../events/events.service.js';
import { PLANS } from '../plans/plans.js';
import { passwordChange } from '../qrcodes/code-events.js';
import {
  documentPath,
  type ImportedItem,
  type ParsedReferenceImport,
  parseReferenceDocuments,
} from './gs1.import.js';
import { missingColumns, parseGs1Csv } from './gs1.import-csv.js';
import { parseGs1Linksets } from './gs1.import-linkset.js';
import { mergedControls, storedControls, storedRules } from './gs1.item-input.js';
import {
  controlsOfRow,
  createBodyOf,
  type EdgeGs1Item,
  type ItemControls,
  rulesOfRow,
  toRecord,
  toResource,
} from './gs1.item-view.js';
import {
  countItems,
  deleteItemRows,
  deleteWorkspaceItems,
  findItemOnHost,
  findItemRow,
  findItemsCovering,
  type ItemLevelRows,
  insertItem,
  listItemRows,
  readLevels,
  replaceLevels,
  type StoredItem,
  updateItemRow,
} from './gs1.repository.js';
import { chooseItem } from './gs1.resolve.js';
import type { Gs1ItemRule } from './gs1.scan-rules.js';
import type {
  Gs1Item,
  Gs1ItemCreateBody,
  Gs1ItemList,
  Gs1ItemListQuery,
  Gs1ItemPatchBody,
} from './gs1.schemas.js';
import type { Gs1ItemRow } from './gs1.table.js';
import type { Gs1Element } from './gs1.uri.js';
import {
  type LevelInput,
  type LinkInput,
  levelErrors,
  primaryKeyErrors,
  qualifierPath,
  storedLinks,
  type UrlCheck,
} from './gs1.validate.js';

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** A GS1 item on this host was added, changed or deleted: whatever caches the host's items drops them. */
    'gs1.changed': { hostKey: string };
  }
}

/** The hostnames service as this module uses it: the verified name an item may answer on. */
export interface BindableHostnames {
  bindable(workspaceId: string, nameOrId: string, path: string): Promise<string>;
  /** The verified name's owner, from memory; undefined when the name is not served. */
  servedAt(hostname: string): { workspaceId: string } | undefined;
}

export interface Gs1ServiceOptions {
  hostnames: BindableHostnames;
  events: EventsService;
  changes: ChangeBus;
  /** The product's check of a stored URL (normalizeHttpUrl with its own-short-URL test). */
  checkUrl: UrlCheck;
  /** Where an item on our own hosts answers ('https://rq.example'): its `uri`. */
  ownOrigin: string;
  /** How many items the workspace may hold (its plans'); unset or Infinity: no limit. */
  itemsLimit?: ((workspaceId: string) => Promise<number>) | undefined;
  clock?: Clock;
}

interface ImportOptions {
  dryRun: boolean;
  /** Nothing is written when any row fails. */
  atomic: boolean;
}

interface ImportResult {
  rows: number;
  /** Rows made into items (on a dry run: that would be). */
  created: number;
  errors: Array<{ row: number; problem: Problem }>;
}

/** A patch as checked: the item before, and what it becomes. */
export interface PlannedUpdate {
  current: Gs1Item;
  /** The stored password's hash before the update: the audit event says whether it changed. */
  passwordHashBefore: string | null;
  levels: LevelInput[];
  rules: Gs1ItemRule[];
  controls: ItemControls | null;
  hostKey: string;
}

interface PreparedItem {
  item: Gs1ItemRow;
  rows: ItemLevelRows;
}

/** A body as checked: where it answers, its levels, and its rules and controls as stored. */
interface CheckedItem {
  hostKey: string;
  levels: LevelInput[];
  rules: Gs1ItemRule[];
  controls: ItemControls | null;
}

/** An item's problem as its documents' rows' problems, each path from the document's fields. */
function rowProblems(item: ImportedItem, problem: Problem): Array<{ row: number; problem: Problem }> {
  const fields = problem.options.errors ?? [];
  if (fields.length === 0) return [{ row: item.levelRows[0] as number, problem }];
  const byRow = new Map<number, FieldError[]>();
  for (const field of fields) {
    const { row, path } = (item.locate ?? ((bodyPath: string) => documentPath(item, bodyPath)))(field.path);
    byRow.set(row, [...(byRow.get(row) ?? []), { path, message: field.message }]);
  }
  return [...byRow].map(([row, errors]) => ({
    row,
    problem:
      problem.code === 'validation_failed'
        ? validationFailed(errors)
        : new Problem(problem.code, problem.detail, { ...problem.options, errors }),
  }));
}

function gs1Event(type: string, access: WorkspaceAccess, id: string, data: ChangeEvent['data']) {
  return changeEvent(type, access, { type: 'gs1_item', id }, data);
}

/** The levels of an item as written in a body: the primary key's first, then `levels`. */
function levelsOf(body: {
  itemDescription?: string | null | undefined;
  defaultLinkType?: string | null | undefined;
  links: LinkInput[];
  levels?: LevelInput[] | undefined;
}): LevelInput[] {
  return [
    {
      qualifiers: [],
      itemDescription: body.itemDescription ?? null,
      defaultLinkType: body.defaultLinkType ?? null,
      links: body.links,
    },
    ...(body.levels ?? []),
  ];
}

/**
 * GS1 Digital Link items of a workspace. Every read takes the workspace id and every write the
 * caller's access; another workspace's item is a `not_found`. A key is unique per host across
 * workspaces (as a slug is): the edge finds one item for a scanned key. Every write records its
 * event (`gs1_item.created|updated|deleted`) in its transaction and tells the change bus.
 */
export class Gs1Service {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: Gs1ServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** Checks a create body without storing it (the importer's dry run uses it too). */
  async check(
    workspaceId: string,
    body: Gs1ItemCreateBody,
    base = '/body',
    { dryRun = false }: { dryRun?: boolean } = {},
  ): Promise<CheckedItem> {
    const prefix = body.prefix === true;
    const levels = levelsOf(body);
    const errors = this.bodyErrors(body.primaryKey, prefix, levels, base);
    const { checkUrl } = this.options;
    const rules = storedRules(body.rules ?? [], levels, prefix, `${base}/rules`, errors, checkUrl);
    const checked = mergedControls(null, body.controls, `${base}/controls`, errors, checkUrl);
    if (errors.length > 0) throw validationFailed(errors);
    const hostKey = body.hostname
      ? await this.options.hostnames.bindable(workspaceId, body.hostname, `${base}/hostname`)
      : '';
    const controls = dryRun ? checked : await storedControls(checked, body.controls);
    return { hostKey, levels, rules, controls };
  }

  async create(access: WorkspaceAccess, body: Gs1ItemCreateBody, base = '/body'): Promise<Gs1Item> {
    const checked = await this.check(access.workspaceId, body, base);
    await this.refuseOverItemLimit(access.workspaceId, 1);
    const { hostKey } = checked;
    const prepared = this.prepare(access.workspaceId, body, checked);
    const created = await this.options.events
      .inTransaction(async (trx) => {
        const resource = await this.insertPrepared(trx, prepared);
        return {
          result: resource,
          events: [gs1Event('gs1_item.created', access, resource.id, { object: { ...resource } })],
        };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? this.taken(hostKey, body.primaryKey, base) : error;
      });
    await this.options.changes.publish('gs1.changed', { hostKey });
    return created;
  }

  /**
   * Imports GS1's reference resolver's data-entry documents (gs1.import.ts) on our hosts: every
   * item checked as a create would be, each fault at its document's row and field; a dry run
   * writes nothing; `atomic` writes nothing when any row fails; the rest is one transaction.
   */
  async importReferenceDocuments(
    access: WorkspaceAccess,
    body: unknown,
    options: ImportOptions,
  ): Promise<ImportResult> {
    return this.importParsed(access, parseReferenceDocuments(body), options);
  }

  /**
   * A spreadsheet of GTINs and links (gs1.import-csv.ts: one link a row), read by the caller's
   * CSV reader; a file without the required columns is a 400 naming them.
   */
  async importCsvTable(
    access: WorkspaceAccess,
    table: { header: string[]; rows: string[][] },
    options: ImportOptions,
  ): Promise<ImportResult> {
    const missing = missingColumns(table.header);
    if (missing.length > 0) {
      throw new Problem(
        'bad_request',
        `The CSV file has no ${missing.join(', ')} column: see the columns in the import's description.`,
        {
          errors: missing.map((column) => ({ path: '/body', message: `needs a ${column} column` })),
        },
      );
    }
    return this.importParsed(access, parseGs1Csv(table), options);
  }

  /** Linksets as any GS1-Conformant resolver answers them (gs1.import-linkset.ts): one context object a row. */
  async importLinksets(
    access: WorkspaceAccess,
    body: unknown,
    options: ImportOptions,
  ): Promise<ImportResult> {
    const parsed = parseGs1Linksets(body);
    if ('fileError' in parsed) {
      throw new Problem('bad_request', `The body ${parsed.fileError}.`, {
        errors: [{ path: '/body', message: parsed.fileError }],
      });
    }
    return this.importParsed(access, parsed, options);
  }

  private async importParsed(
    access: WorkspaceAccess,
    parsed: ParsedReferenceImport,
    options: ImportOptions,
  ): Promise<ImportResult> {
    const errors = parsed.errors.map(({ row, errors: fields }) => ({
      row,
      problem: validationFailed(fields),
    }));
    const ready: PreparedItem[] = [];
    let readyRows = 0;
    for (const item of parsed.items) {
      try {
        const checked = await this.check(access.workspaceId, item.body, '/body', { dryRun: options.dryRun });
        const { hostKey } = checked;
        if (await findItemOnHost(this.db, hostKey, item.body.primaryKey.ai, item.body.primaryKey.value)) {
          throw this.taken(hostKey, item.body.primaryKey);
        }
        ready.push(this.prepare(access.workspaceId, item.body, checked));
        readyRows += item.rows ?? item.levelRows.length;
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        errors.push(...rowProblems(item, error));
      }
    }
    const refused = options.atomic && errors.length > 0;
    if (!refused) await this.refuseOverItemLimit(access.workspaceId, ready.length);
    if (options.dryRun || refused || ready.length === 0) {
      return { rows: parsed.rows, created: refused ? 0 : readyRows, errors };
    }
    await this.options.events.inTransaction(async (trx) => {
      const events: ChangeEvent[] = [];
      for (const prepared of ready) {
        const resource = await this.insertPrepared(trx, prepared);
        events.push(
          gs1Event('gs1_item.created', access, resource.id, { object: { ...resource, imported: true } }),
        );
      }
      return { result: undefined, events };
    });
    await this.options.changes.publish('gs1.changed', { hostKey: '' });
    return { rows: parsed.rows, created: readyRows, errors };
  }

  async get(workspaceId: string, id: string): Promise<Gs1Item> {
    const row = await findItemRow(this.db, workspaceId, id);
    if (!row) throw notFound('GS1 item');
    const [stored] = await readLevels(this.db, [row]);
    return toResource(stored as StoredItem, this.options.ownOrigin);
  }

  async list(workspaceId: string, query: Gs1ItemListQuery): Promise<Gs1ItemList> {
    const page = await this.listStored(workspaceId, query);
    return {
      data: page.stored.map((s) => toResource(s, this.options.ownOrigin)),
      nextCursor: page.nextCursor,
    };
  }

  private async listStored(workspaceId: string, query: Gs1ItemListQuery) {
    const filters = {
      ai: query.ai,
      valuePrefix: query.value,
      hostKey: query.hostname?.toLowerCase().replace(/\.$/, ''),
      linkType: query.linkType,
    };
    const page = await readPage(query, 'gs1', (window) =>
      listItemRows(this.db, workspaceId, filters, window),
    );
    return { stored: await readLevels(this.db, page.rows), nextCursor: page.nextCursor };
  }

  /**
   * Every item of the workspace as the create body that makes it again (links, levels, rules and
   * controls): the export is a bulk create's body, so `POST /gs1/items/bulk` restores it.
   */
  async exportBodies(workspaceId: string): Promise<Gs1ItemCreateBody[]> {
    const bodies: Gs1ItemCreateBody[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listStored(workspaceId, { limit: 100, ...(cursor ? { cursor } : {}) });
      for (const stored of page.stored) {
        const passwordHash = controlsOfRow(stored.item)?.passwordHash ?? null;
        bodies.push(createBodyOf(toResource(stored, this.options.ownOrigin), passwordHash));
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return bodies;
  }

  async update(
    access: WorkspaceAccess,
    id: string,
    patch: Gs1ItemPatchBody,
    base = '/body',
  ): Promise<Gs1Item> {
    return this.writeUpdate(access, id, await this.planUpdate(access.workspaceId, id, patch, base));
  }

  /** Checks a patch of an item as update would (a 404, or 400s at paths under `base`), writing nothing. */
  async planUpdate(
    workspaceId: string,
    id: string,
    patch: Gs1ItemPatchBody,
    base = '/body',
  ): Promise<PlannedUpdate> {
    const currentRow = await findItemRow(this.db, workspaceId, id);
    if (!currentRow) throw notFound('GS1 item');
    const current = await this.get(workspaceId, id);
    const merged = {
      itemDescription: patch.itemDescription === undefined ? current.itemDescription : patch.itemDescription,
      defaultLinkType: patch.defaultLinkType === undefined ? current.defaultLinkType : patch.defaultLinkType,
      links: patch.links ?? current.links,
      levels: patch.levels ?? current.levels,
    };
    const levels = levelsOf(merged);
    const errors = this.bodyErrors(current.primaryKey, current.prefix, levels, base);
    const { checkUrl } = this.options;
    // A rule whose link a patch of the links removed is named at its own path.
    const rules = storedRules(
      patch.rules ?? current.rules,
      levels,
      current.prefix,
      `${base}/rules`,
      errors,
      checkUrl,
    );
    const before = controlsOfRow(currentRow);
    const checked = mergedControls(before, patch.controls, `${base}/controls`, errors, checkUrl);
    if (errors.length > 0) throw validationFailed(errors);
    const controls = await storedControls(checked, patch.controls);
    const currentHost = current.hostname ?? '';
    let hostKey = currentHost;
    if (patch.hostname === null) hostKey = '';
    else if (
      patch.hostname !== undefined &&
      patch.hostname.toLowerCase().replace(/\.$/, '') !== currentHost
    ) {
      hostKey = await this.options.hostnames.bindable(workspaceId, patch.hostname, `${base}/hostname`);
    }
    return { current, passwordHashBefore: before?.passwordHash ?? null, levels, rules, controls, hostKey };
  }

  private async writeUpdate(access: WorkspaceAccess, id: string, planned: PlannedUpdate): Promise<Gs1Item> {
    const workspaceId = access.workspaceId;
    const { current, levels, rules, controls, hostKey } = planned;
    const currentHost = current.hostname ?? '';
    const now = this.clock.now();
    const updated = await this.options.events
      .inTransaction(async (trx) => {
        if (hostKey !== currentHost) await this.refuseTaken(trx, hostKey, current.primaryKey, id);
        const stored = {
          host_key: hostKey,
          rules_json: rules.length > 0 ? JSON.stringify(rules) : null,
          controls_json: controls ? JSON.stringify(controls) : null,
          updated_at: now,
        };
        if (!(await updateItemRow(trx, workspaceId, id, stored))) {
          throw notFound('GS1 item');
        }
        const row = await findItemRow(trx, workspaceId, id);
        if (!row) throw notFound('GS1 item');
        const rows = this.levelRows(row, levels);
        await replaceLevels(trx, id, rows);
        const resource = this.resourceOf(row, rows);
        const { updatedAt: _before, ...was } = current;
        const { updatedAt: _after, ...now_ } = resource;
        const changes = changedFields({ ...was }, { ...now_ });
        // The resource says only passwordProtected: a new password for an old one shows here alone.
        const password = passwordChange(planned.passwordHashBefore, controls?.passwordHash ?? null);
        if (password) changes.password = password;
        const events =
          Object.keys(changes).length === 0 ? [] : [gs1Event('gs1_item.updated', access, id, { changes })];
        return { result: resource, events };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? this.taken(hostKey, current.primaryKey) : error;
      });
    await this.options.changes.publish('gs1.changed', { hostKey: currentHost });
    if (hostKey !== currentHost) await this.options.changes.publish('gs1.changed', { hostKey });
    return updated;
  }

  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const workspaceId = access.workspaceId;
    const current = await this.get(workspaceId, id);
    await this.options.events.inTransaction(async (trx) => {
      if (!(await deleteItemRows(trx, workspaceId, id))) throw notFound('GS1 item');
      return {
        result: undefined,
        events: [gs1Event('gs1_item.deleted', access, id, { object: { ...current } })],
      };
    });
    await this.options.changes.publish('gs1.changed', { hostKey: current.hostname ?? '' });
  }

  /** Deletes every item of a workspace (the workspace is being deleted). */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    await deleteWorkspaceItems(this.db, workspaceId);
  }

  /** The edge's read: the item on this host covering the key (exact, else the longest company prefix). */
  async findForEdge(hostKey: string, key: Gs1Element): Promise<EdgeGs1Item | null> {
    const rows = await findItemsCovering(this.db, hostKey, key.ai, key.value);
    const candidates = rows.map((row) => ({
      row,
      primaryKey: { ai: row.primary_ai, value: row.primary_value },
      prefix: row.prefix === 1,
    }));
    const chosen = chooseItem(candidates, key);
    if (!chosen) return null;
    // A name deleted and claimed again by another workspace does not serve the old owner's items.
    if (hostKey !== '' && this.options.hostnames.servedAt(hostKey)?.workspaceId !== chosen.row.account_id)
      return null;
    const [stored] = await readLevels(this.db, [chosen.row]);
    if (!stored) return null;
    return {
      id: chosen.row.id,
      workspaceId: chosen.row.account_id,
      record: toRecord(stored),
      rules: rulesOfRow(chosen.row),
      controls: controlsOfRow(chosen.row),
      countedScans: 0,
    };
  }

  /**
   * A 402 `limit_reached` when `wanted` more items would pass the workspace's items limit (its
   * plans'), saying how many fit and which plan raises it; nothing is created.
   */
  async refuseOverItemLimit(workspaceId: string, wanted: number): Promise<void> {
    const limit = (await this.options.itemsLimit?.(workspaceId)) ?? Number.POSITIVE_INFINITY;
    if (limit === Number.POSITIVE_INFINITY || wanted === 0) return;
    const fits = Math.max(0, limit - (await countItems(this.db, workspaceId)));
    if (wanted <= fits) return;
    const fit = fits === 0 ? 'none fits' : `${fits} fit${fits === 1 ? 's' : ''}`;
    throw new Problem(
      'limit_reached',
      `Your plans allow ${limit} GS1 item${limit === 1 ? '' : 's'}; ${wanted} more asked for, ${fit}. Nothing was created: delete items, or move to a plan with more (Pro allows ${PLANS.pro.gs1Items.toLocaleString('en')}).`,
      { extensions: { limit: 'gs1Items', allowed: limit, fits, wanted } },
    );
  }

  private bodyErrors(key: Gs1Element, prefix: boolean, levels: LevelInput[], base: string): FieldError[] {
    const errors = primaryKeyErrors(key, prefix, `${base}/primaryKey`);
    if (errors.length > 0) return errors;
    const seen = new Map<string, number>();
    for (const [index, level] of levels.entries()) {
      const path = index === 0 ? base : `${base}/levels/${index - 1}`;
      errors.push(...levelErrors(key, prefix, level, path, `${path}/links`, this.options.checkUrl));
      const identity = qualifierPath(level.qualifiers);
      if (seen.has(identity))
        errors.push({
          path: `${path}/qualifiers`,
          message: `repeats level ${(seen.get(identity) ?? 0) - 1}`,
        });
      else seen.set(identity, index);
    }
    return errors;
  }

  private prepare(workspaceId: string, body: Gs1ItemCreateBody, checked: CheckedItem): PreparedItem {
    const now = this.clock.now();
    const { hostKey, levels, rules, controls } = checked;
    const item: Gs1ItemRow = {
      id: newId('gs1', now),
      account_id: workspaceId,
      host_key: hostKey,
      primary_ai: body.primaryKey.ai,
      primary_value: body.primaryKey.value,
      prefix: body.prefix === true ? 1 : 0,
      rules_json: rules.length > 0 ? JSON.stringify(rules) : null,
      controls_json: controls ? JSON.stringify(controls) : null,
      created_at: now,
      updated_at: now,
    };
    return { item, rows: this.levelRows(item, levels) };
  }

  /** A 409 when the key is registered on the host already (a bulk create's check before writing). */
  async refuseRegistered(hostKey: string, key: Gs1Element, base = '/body'): Promise<void> {
    if (await findItemOnHost(this.db, hostKey, key.ai, key.value)) throw this.taken(hostKey, key, base);
  }

  private async insertPrepared(trx: Kysely<Database>, { item, rows }: PreparedItem): Promise<Gs1Item> {
    await this.refuseTaken(trx, item.host_key, { ai: item.primary_ai, value: item.primary_value }, null);
    await insertItem(trx, item, rows);
    return this.resourceOf(item, rows);
  }

  private levelRows(item: Gs1ItemRow, levels: LevelInput[]): ItemLevelRows {
    const rows: ItemLevelRows = { levels: [], links: [] };
    for (const [position, level] of levels.entries()) {
      const levelId = newId('gs1');
      rows.levels.push({
        id: levelId,
        item_id: item.id,
        account_id: item.account_id,
        qualifier_path: qualifierPath(level.qualifiers),
        qualifiers_json: JSON.stringify(level.qualifiers.map(({ ai, value }) => ({ ai, value }))),
        item_description: level.itemDescription?.trim() || null,
        default_link_type: level.defaultLinkType?.trim() || null,
        position,
      });
      for (const link of storedLinks(level, item.prefix === 1, this.options.checkUrl)) {
        rows.links.push({
          id: newId('gs1'),
          level_id: levelId,
          item_id: item.id,
          account_id: item.account_id,
          position: rows.links.length,
          link_type: link.linkType,
          href: link.href,
          title: link.title,
          type: link.type ?? null,
          hreflang_json: link.hreflang && link.hreflang.length > 0 ? JSON.stringify(link.hreflang) : null,
          context_json: link.context && link.context.length > 0 ? JSON.stringify(link.context) : null,
        });
      }
    }
    return rows;
  }

  private resourceOf(item: Gs1ItemRow, rows: ItemLevelRows): Gs1Item {
    const stored: StoredItem = {
      item,
      levels: rows.levels.map((level) => ({
        level,
        links: rows.links.filter((link) => link.level_id === level.id),
      })),
    };
    return toResource(stored, this.options.ownOrigin);
  }

  private async refuseTaken(
    trx: Kysely<Database>,
    hostKey: string,
    key: Gs1Element,
    self: string | null,
  ): Promise<void> {
    const holder = await findItemOnHost(trx, hostKey, key.ai, key.value);
    if (holder && holder.id !== self) throw this.taken(hostKey, key);
  }

  taken(hostKey: string, key: Gs1Element, base = '/body'): Problem {
    const where = hostKey === '' ? 'on our hosts' : `on ${hostKey}`;
    return new Problem('conflict', `(${key.ai}) ${key.value} is already registered ${where}.`, {
      errors: [{ path: `${base}/primaryKey`, message: `is already registered ${where}` }],
    });
  }
}
