import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AddressPolicy } from '../../shared/address-policy.js';
import { toIso } from '../../shared/clock.js';
import { notFound } from '../../shared/problem.js';
import type { CodeImages } from './code-images.js';
import { type CodeState, shortUrlOf, stateOf } from './code-state.js';
import { controlsView } from './link-controls.js';
import { findCode, findRuleIds } from './qrcodes.repository.js';
import type { CodeResource } from './qrcodes.schemas.js';
import type { QrCodeRow } from './qrcodes.table.js';

export interface ScanTotals {
  total: number;
  uniqueToday: number;
  lastAt: string | null;
}

/** The scans service as this module uses it: per-code totals for the resource. */
export interface ScanTotalsSource {
  /** The totals of the workspace's codes, with every scan of it this instance answered. */
  totalsFor(workspaceId: string, codeIds: string[]): Promise<Map<string, ScanTotals>>;
  /** A code's counted scans as SQL of its id column, for sorting the list by scans. */
  totalExpression(codeIdColumn: string): RawBuilder<number>;
}

export const NO_SCANS: ScanTotals = { total: 0, uniqueToday: 0, lastAt: null };

/**
 * What the owner should know about a code that was saved anyway: an exec URL the SSRF guard
 * refuses is never called, so every scan goes to the fallback.
 */
function codeWarnings(state: CodeState, policy: AddressPolicy): string[] {
  if (state.mode !== 'exec' || !state.exec) return [];
  const refusal = policy.literalRefusal(new URL(state.exec.url).hostname);
  return refusal === null
    ? []
    : [
        `exec.url is never called: ${refusal}, so every scan goes to the fallback. Use a public URL, or ask the operator to add the host to SSRF_ALLOW.`,
      ];
}

const withWarnings = (warnings: string[]) => (warnings.length > 0 ? { warnings } : {});

/** Codes as the API shows them (`CodeResource`), from their rows, rules and scan totals. */
export class CodeResources {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      /** Base of the primary host's short URLs. */
      shortBase: string;
      /** The SSRF policy exec calls go through (SSRF_ALLOW), to warn about exec URLs it refuses. */
      execPolicy: AddressPolicy;
      images: CodeImages;
      scans: ScanTotalsSource;
    },
  ) {}

  /** One workspace's rows as resources, with their rules and scan totals. */
  async of(rows: QrCodeRow[]): Promise<CodeResource[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    // One workspace's codes (a read or write is always the caller's workspace's).
    const workspaceId = (rows[0] as QrCodeRow).account_id;
    const [rules, totals] = await Promise.all([
      findRuleIds(this.db, ids),
      this.options.scans.totalsFor(workspaceId, ids),
    ]);
    return rows.map((row) => this.resourceOf(row, rules.get(row.id) ?? [], totals.get(row.id) ?? NO_SCANS));
  }

  /**
   * The code as the API shows it, read with `trx` alone (a write's transaction, which on SQLite
   * holds the one connection): its scans are `scans` when given, else none. 404 when it is not there.
   */
  async in(
    trx: Kysely<Database>,
    workspaceId: string,
    id: string,
    scans: ScanTotals = NO_SCANS,
  ): Promise<CodeResource> {
    const row = await findCode(trx, workspaceId, id);
    if (!row) throw notFound('QR code');
    const rules = await findRuleIds(trx, [id]);
    return this.resourceOf(row, rules.get(id) ?? [], scans);
  }

  /** The code as the API shows it, from its row (read or about to be written). */
  resourceOf(row: QrCodeRow, rules: string[], scans: ScanTotals = NO_SCANS): CodeResource {
    const state = stateOf(row);
    return {
      id: row.id,
      slug: row.slug,
      hostname: row.host_key === '' ? null : row.host_key,
      shortUrl: shortUrlOf(this.options.shortBase, row.host_key, row.slug),
      mode: row.mode,
      target: state.target,
      data: state.data,
      exec: state.exec,
      rules,
      style: state.style,
      title: state.title,
      tags: state.tags,
      enabled: state.enabled,
      ...controlsView(state.controls),
      scans,
      createdAt: toIso(row.created_at) ?? '',
      updatedAt: toIso(row.updated_at) ?? '',
      ...withWarnings(codeWarnings(state, this.options.execPolicy)),
      imageUrl: this.options.images.urlOf(row.id, state, 'svg'),
    };
  }
}
