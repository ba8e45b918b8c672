import { createHash, createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, DAY_MS, systemClock, toIso } from '../../shared/clock.js';
import { monotonicIds } from '../../shared/ids.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import { type FieldError, Problem, validationFailed } from '../../shared/problem.js';
import type { EventsService } from '../events/events.service.js';
import { changeEvent } from '../events/events.service.js';
import type { AttributedScan as ScanRow, ScansService } from '../scans/scans.service.js';
import { isCurrencyCode } from './conversions.currency.js';
import {
  allSettings,
  type ConversionCountRow,
  type ConversionDimensionColumn,
  type ConversionSelection,
  conversionsByBucket,
  conversionsByColumn,
  conversionsOfRule,
  conversionsOfScans,
  conversionTotals,
  deleteWorkspaceConversions,
  findByExternalIds,
  findSettings,
  insertConversions,
  listConversions,
  upsertSettings,
} from './conversions.repository.js';
import {
  type Attribution,
  type Conversion,
  type ConversionCreateBody,
  type ConversionSettings,
  type ConversionSettingsPatch,
  DEFAULT_ATTRIBUTION_PARAMETER,
  DEFAULT_WINDOW_DAYS,
} from './conversions.schemas.js';
import type { ConversionRow, ConversionSettingsRow, NewConversionRow } from './conversions.table.js';

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** A workspace's attribution default changed: every instance's edge reads the new one. */
    'attribution.changed': { workspaceId: string };
    /** Conversions were stored: the live stream's clients of their workspace see them. */
    'conversions.created': { conversions: LiveConversion[] };
  }
}

/** A stored conversion as the live stream sends it. */
export interface LiveConversion {
  /** The workspace; `accountId` on the wire, as instances of an older release read it during a roll (docs/adr/2026-11-29-workspace-id-names.md). */
  accountId: string;
  qrcode: string;
  view: Conversion;
}

/** Runs in the transaction that stores conversions (the webhooks' outbox rows). */
export type ConversionsListener = (
  trx: Kysely<Database>,
  workspaceId: string,
  created: Conversion[],
) => Promise<void>;

export interface ConversionsServiceOptions {
  scans: Pick<ScansService, 'scanById'>;
  events: EventsService;
  changes: ChangeBus;
  /** The server secret: customer references are hashed under a key derived from it. */
  serverSecret: string;
  clock?: Clock;
}

const DEFAULT_SETTINGS: ConversionSettings = {
  attribution: { enabled: false, parameter: DEFAULT_ATTRIBUTION_PARAMETER },
  windowDays: DEFAULT_WINDOW_DAYS,
};

/** One row of a create or bulk call, checked, ready to store or to answer from what is stored. */
interface PreparedConversion {
  row: NewConversionRow;
}

/**
 * Conversions: a scan's outcome reported by the code's owner with the scan's `rq_id`, credited to
 * the scan's code, rule, split variant, hostname, country, device and time, idempotent by
 * `externalId`; and each workspace's attribution settings (the default the edge applies to codes
 * without their own, and the window).
 */
export class ConversionsService {
  private readonly clock: Clock;
  private readonly newId = monotonicIds('cnv');
  private readonly customerKey: Buffer;
  private readonly listeners: ConversionsListener[] = [];
  /** Each workspace's attribution default, for the edge (in memory: a scan waits on nothing). */
  private readonly defaults = new Map<string, Attribution>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ConversionsServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    // A key of its own, so the hash of a customer says nothing about any other use of the secret.
    this.customerKey = createHmac('sha256', options.serverSecret).update('rq conversions customer').digest();
  }

  /** Adds what runs in the transaction that stores conversions. */
  onCreated(listener: ConversionsListener): void {
    this.listeners.push(listener);
  }

  // -------------------------------------------------------------------------------------------
  // Settings

  async settings(workspaceId: string): Promise<ConversionSettings> {
    return toSettings(await findSettings(this.db, workspaceId));
  }

  async updateSettings(access: WorkspaceAccess, patch: ConversionSettingsPatch): Promise<ConversionSettings> {
    const current = await this.settings(access.workspaceId);
    const next: ConversionSettings = {
      attribution: { ...current.attribution, ...definedOnly(patch.attribution ?? {}) },
      windowDays: patch.windowDays ?? current.windowDays,
    };
    const changes: Record<string, [unknown, unknown]> = {};
    if (current.attribution.enabled !== next.attribution.enabled)
      changes['attribution.enabled'] = [current.attribution.enabled, next.attribution.enabled];
    if (current.attribution.parameter !== next.attribution.parameter)
      changes['attribution.parameter'] = [current.attribution.parameter, next.attribution.parameter];
    if (current.windowDays !== next.windowDays) changes.windowDays = [current.windowDays, next.windowDays];
    if (Object.keys(changes).length === 0) return current;
    await this.options.events.inTransaction(async (trx) => {
      await upsertSettings(trx, {
        account_id: access.workspaceId,
        attribution_enabled: next.attribution.enabled ? 1 : 0,
        attribution_parameter: next.attribution.parameter,
        window_days: next.windowDays,
        updated_at: this.clock.now(),
      });
      const event = changeEvent(
        'conversion_settings.updated',
        access,
        { type: 'conversion_settings', id: access.workspaceId },
        { changes },
      );
      return { result: undefined, events: [event] };
    });
    this.defaults.set(access.workspaceId, next.attribution);
    await this.options.changes.publish('attribution.changed', { workspaceId: access.workspaceId });
    return next;
  }

  /** Loads every workspace's attribution default (at start). */
  async loadDefaults(): Promise<void> {
    for (const row of await allSettings(this.db))
      this.defaults.set(row.account_id, toSettings(row).attribution);
  }

  /** Reads one workspace's default again (another instance changed it). */
  async reloadDefault(workspaceId: string): Promise<void> {
    this.defaults.set(workspaceId, (await this.settings(workspaceId)).attribution);
  }

  /** The workspace's attribution default, from memory: what a code without its own setting does. */
  attributionDefault(workspaceId: string): Attribution {
    return this.defaults.get(workspaceId) ?? DEFAULT_SETTINGS.attribution;
  }

  // -------------------------------------------------------------------------------------------
  // Conversions

  /** POST /conversions: the stored conversion, and whether this call created it (201) or found it (200). */
  async create(
    access: WorkspaceAccess,
    body: ConversionCreateBody,
  ): Promise<{ conversion: Conversion; created: boolean }> {
    const prepared = await this.prepare(access.workspaceId, body, '/body');
    const existing = await this.existing(access.workspaceId, [prepared]);
    const found = existing.get(prepared.row.external_id ?? '');
    if (found) return { conversion: this.sameOrConflict(found, prepared, '/body'), created: false };
    try {
      await this.store(access.workspaceId, [prepared.row]);
    } catch (error) {
      // Another request stored the same externalId between the read and the insert.
      if (!isUniqueViolation(error) || prepared.row.external_id == null) throw error;
      const [raced] = await findByExternalIds(this.db, access.workspaceId, [prepared.row.external_id]);
      if (!raced) throw error;
      return { conversion: this.sameOrConflict(raced, prepared, '/body'), created: false };
    }
    return { conversion: toConversion(prepared.row), created: true };
  }

  /**
   * POST /conversions/bulk: every row checked on its own (a refused row is listed with its
   * problem, at `/items/<row>/...`), the good ones stored together unless it is a dry run.
   */
  async bulk(
    access: WorkspaceAccess,
    items: readonly unknown[],
    options: { dryRun: boolean; checkShape: (item: unknown, path: string) => FieldError[] },
  ) {
    const errors: { row: number; problem: ReturnType<Problem['toBody']> }[] = [];
    const ready: PreparedConversion[] = [];
    let existing = 0;
    const seen = new Map<string, PreparedConversion>();
    const prepared: { index: number; conversion: PreparedConversion }[] = [];
    const settings = await this.settings(access.workspaceId);
    for (const [index, item] of items.entries()) {
      const path = `/items/${index}`;
      try {
        const shape = options.checkShape(item, path);
        if (shape.length > 0) throw validationFailed(shape);
        const conversion = await this.prepare(
          access.workspaceId,
          item as ConversionCreateBody,
          path,
          settings,
        );
        prepared.push({ index, conversion });
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        errors.push({ row: index, problem: error.toBody() });
      }
    }
    const stored = await this.existing(
      access.workspaceId,
      prepared.map((p) => p.conversion),
    );
    for (const { index, conversion } of prepared) {
      const externalId = conversion.row.external_id;
      try {
        const before = externalId == null ? undefined : (stored.get(externalId) ?? seen.get(externalId)?.row);
        if (before) {
          this.sameOrConflict(before as ConversionRow, conversion, `/items/${index}`);
          existing += 1;
          continue;
        }
        if (externalId != null) seen.set(externalId, conversion);
        ready.push(conversion);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        errors.push({ row: index, problem: error.toBody() });
      }
    }
    if (!options.dryRun && ready.length > 0) {
      await this.store(
        access.workspaceId,
        ready.map((r) => r.row),
      );
    }
    errors.sort((a, b) => a.row - b.row);
    return { dryRun: options.dryRun, rows: items.length, created: ready.length, existing, errors };
  }

  async list(
    workspaceId: string,
    query: PageQuery & { qrcode?: string | undefined; type?: string | undefined },
  ): Promise<{ data: Conversion[]; nextCursor: string | null }> {
    const page = await readPage(query, 'cnv', (window) =>
      listConversions(this.db, workspaceId, query, window),
    );
    return { data: page.rows.map(toConversion), nextCursor: page.nextCursor };
  }

  // -------------------------------------------------------------------------------------------
  // Analytics: conversions counted by the time of the scan they are credited to

  async countsIn(selection: ConversionSelection, from: number, to: number): Promise<ConversionCounts> {
    return foldCounts(await conversionTotals(this.db, selection, from, to)).get('') ?? emptyCounts();
  }

  /** Per quarter hour of the credited scans, or per `step` (hours, days). */
  async countsByBucket(
    selection: ConversionSelection,
    from: number,
    to: number,
    step?: number,
  ): Promise<Map<number, ConversionCounts>> {
    const byKey = foldCounts(await conversionsByBucket(this.db, selection, from, to, step));
    return new Map([...byKey].map(([key, counts]) => [Number(key), counts]));
  }

  /** Per value of a dimension's column ('' for none); only `keys` when given. */
  async countsByKey(
    selection: ConversionSelection,
    column: ConversionDimensionColumn,
    from: number,
    to: number,
    keys?: readonly string[],
  ): Promise<Map<string, ConversionCounts>> {
    return foldCounts(await conversionsByColumn(this.db, selection, column, from, to, keys));
  }

  /** Per scan id among `scanIds` (the per-scan export). */
  async countsOfScans(
    workspaceId: string,
    scanIds: readonly string[],
  ): Promise<Map<string, ConversionCounts>> {
    return foldCounts(await conversionsOfScans(this.db, workspaceId, scanIds));
  }

  /** A split rule's conversions per variant index (experiments). */
  async countsOfRule(
    workspaceId: string,
    ruleId: string,
    from: number,
  ): Promise<Map<number, ConversionCounts>> {
    const byKey = foldCounts(await conversionsOfRule(this.db, workspaceId, ruleId, from));
    return new Map([...byKey].map(([key, counts]) => [Number(key), counts]));
  }

  async eraseWorkspace(workspaceId: string): Promise<void> {
    await deleteWorkspaceConversions(this.db, workspaceId);
    this.defaults.delete(workspaceId);
  }

  /** Checks a body and finds its scan: a conversion row, or the problem that refuses it. */
  private async prepare(
    workspaceId: string,
    body: ConversionCreateBody,
    path: string,
    known?: ConversionSettings,
  ): Promise<PreparedConversion> {
    const now = this.clock.now();
    const errors = fieldErrors(body, path, now);
    if (errors.length > 0) throw validationFailed(errors);
    const occurredAt = body.occurredAt ? Date.parse(body.occurredAt) : now;
    const scan = await this.options.scans.scanById(body.scanId);
    // Another workspace's scan is answered exactly as one that does not exist: nothing leaks.
    if (!scan || scan.account_id !== workspaceId) {
      throw new Problem('scan_unknown', 'No scan of this workspace has this id.', {
        errors: [{ path: `${path}/scanId`, message: 'is not the id of a scan of this workspace' }],
      });
    }
    const settings = known ?? (await this.settings(workspaceId));
    if (occurredAt - Number(scan.at) > settings.windowDays * DAY_MS) {
      throw new Problem(
        'scan_expired',
        `The scan is older than the workspace's attribution window (${settings.windowDays} days) at the conversion's time.`,
        {
          errors: [
            { path: `${path}/scanId`, message: `was scanned more than ${settings.windowDays} days before` },
          ],
        },
      );
    }
    return { row: this.rowOf(workspaceId, body, scan, occurredAt, now) };
  }

  private rowOf(
    workspaceId: string,
    body: ConversionCreateBody,
    scan: ScanRow,
    occurredAt: number,
    now: number,
  ): NewConversionRow {
    const currency = body.currency?.toUpperCase() ?? null;
    return {
      id: this.newId(now),
      account_id: workspaceId,
      external_id: body.externalId ?? null,
      scan_id: body.scanId,
      qrcode_id: scan.qrcode_id,
      rule_id: scan.rule_id,
      variant: scan.variant == null ? null : Number(scan.variant),
      hostname: scan.hostname,
      country: scan.country,
      region: scan.region,
      device: scan.device,
      os: scan.os,
      browser: scan.browser,
      language: scan.language,
      referrer_host: scan.referrer_host,
      scan_at: Number(scan.at),
      occurred_at: occurredAt,
      type: body.type,
      amount: body.amount ?? null,
      currency,
      customer_hash: body.customer ? this.customerHash(workspaceId, body.customer) : null,
      body_hash: bodyHash(body),
      created_at: now,
    };
  }

  private customerHash(workspaceId: string, customer: string): string {
    return createHmac('sha256', this.customerKey).update(`${workspaceId}\0${customer}`).digest('base64url');
  }

  /** The stored conversions of the rows' externalIds, by externalId. */
  private async existing(workspaceId: string, rows: readonly PreparedConversion[]) {
    const ids = [...new Set(rows.map((r) => r.row.external_id).filter((id): id is string => id != null))];
    const found = new Map<string, ConversionRow>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of await findByExternalIds(this.db, workspaceId, ids.slice(i, i + 500)))
        found.set(row.external_id as string, row);
    }
    return found;
  }

  /** The stored conversion when the retry says the same; a 409 when it says something else. */
  private sameOrConflict(
    stored: ConversionRow | NewConversionRow,
    retry: PreparedConversion,
    path: string,
  ): Conversion {
    if (stored.body_hash !== retry.row.body_hash) {
      throw new Problem(
        'conflict',
        'A conversion with this externalId is already stored with other fields.',
        {
          errors: [
            { path: `${path}/externalId`, message: 'is already used by a conversion with other fields' },
          ],
        },
      );
    }
    return toConversion(stored);
  }

  private async store(workspaceId: string, rows: NewConversionRow[]): Promise<void> {
    const views = rows.map(toConversion);
    await this.db.transaction().execute(async (trx) => {
      await insertConversions(trx, rows);
      for (const listener of this.listeners) await listener(trx, workspaceId, views);
    });
    const live = rows.map(
      (row, i): LiveConversion => ({
        accountId: workspaceId,
        qrcode: row.qrcode_id,
        view: views[i] as Conversion,
      }),
    );
    this.options.changes.publish('conversions.created', { conversions: live }).catch(() => undefined);
  }
}

/** Conversions and revenue per currency (minor units) of some selection. */
export interface ConversionCounts {
  conversions: number;
  revenue: Record<string, number>;
}

const emptyCounts = (): ConversionCounts => ({ conversions: 0, revenue: {} });

function foldCounts(rows: readonly ConversionCountRow[]): Map<string, ConversionCounts> {
  const byKey = new Map<string, ConversionCounts>();
  for (const row of rows) {
    const counts = byKey.get(row.key) ?? emptyCounts();
    byKey.set(row.key, counts);
    counts.conversions += row.conversions;
    if (row.currency !== '') counts.revenue[row.currency] = (counts.revenue[row.currency] ?? 0) + row.revenue;
  }
  return byKey;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function toSettings(row: ConversionSettingsRow | undefined): ConversionSettings {
  if (!row) return DEFAULT_SETTINGS;
  return {
    attribution: { enabled: row.attribution_enabled === 1, parameter: row.attribution_parameter },
    windowDays: Number(row.window_days),
  };
}

/** What a schema cannot say: currencies, a sale's amount, times. */
export function fieldErrors(body: ConversionCreateBody, path: string, now: number): FieldError[] {
  const errors: FieldError[] = [];
  if (body.currency !== undefined && !isCurrencyCode(body.currency.toUpperCase()))
    errors.push({
      path: `${path}/currency`,
      message: 'must be an ISO 4217 currency code (EUR, USD, JPY, ...)',
    });
  if (body.type === 'sale' && body.amount === undefined)
    errors.push({
      path: `${path}/amount`,
      message: 'is required for a sale (in minor units: 1999 is 19.99)',
    });
  if ((body.type === 'sale' || body.amount !== undefined) && body.currency === undefined)
    errors.push({ path: `${path}/currency`, message: 'is required with an amount' });
  if (body.occurredAt !== undefined) {
    const at = Date.parse(body.occurredAt);
    if (Number.isNaN(at))
      errors.push({ path: `${path}/occurredAt`, message: 'must be an ISO 8601 date-time' });
    else if (at > now + 5 * 60_000)
      errors.push({ path: `${path}/occurredAt`, message: 'must not be in the future' });
  }
  return errors;
}

/** The fields as sent, canonically: a retry with the same fields has the same hash. */
function bodyHash(body: ConversionCreateBody): string {
  const fields = [
    body.scanId,
    body.type,
    body.amount ?? null,
    body.currency?.toUpperCase() ?? null,
    body.occurredAt ? Date.parse(body.occurredAt) : null,
    body.customer ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

export function toConversion(row: ConversionRow | NewConversionRow): Conversion {
  return {
    id: row.id,
    scanId: row.scan_id,
    type: row.type,
    amount: row.amount == null ? null : Number(row.amount),
    currency: row.currency ?? null,
    externalId: row.external_id ?? null,
    customerHash: row.customer_hash ?? null,
    occurredAt: toIso(Number(row.occurred_at)) as string,
    createdAt: toIso(Number(row.created_at)) as string,
    credit: {
      qrcode: row.qrcode_id,
      rule: row.rule_id ?? null,
      variant: row.variant == null ? null : Number(row.variant),
      hostname: row.hostname,
      country: row.country ?? null,
      device: row.device ?? null,
      scannedAt: toIso(Number(row.scan_at)) as string,
    },
  };
}

export type { ConversionDimensionColumn, ConversionSelection };
