import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { AddressPolicy } from '../../shared/address-policy.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import type { OwnShortUrlTest } from '../../shared/http-url.js';
import type { EventsService } from '../events/events.service.js';
import {
  type BulkChangeOptions,
  type BulkChangeResult,
  type BulkCreateOptions,
  type BulkItemResult,
  CodeBulk,
} from './code-bulk.js';
import { publishCodeChanges } from './code-change.js';
import { CodeDrafts, type HostnameDirectory } from './code-drafts.js';
import { CodeImages } from './code-images.js';
import { CodePrints } from './code-prints.js';
import { CodeReads, type ExportedCode } from './code-reads.js';
import { CodeResources, type ScanTotalsSource } from './code-resources.js';
import { CodeRules, type RuleDirectory } from './code-rules.js';
import { type ChangeOrigin, CodeWrites } from './code-writes.js';
import type { ImageUrls } from './image-urls.js';
import type { ImageFormat } from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import type {
  CodeFilterInput,
  CodeResource,
  CreateCodeCommand,
  ListQueryInput,
  PatchCodeInput,
} from './qrcodes.schemas.js';

export {
  AtomicBulkRefusal,
  type BulkChangeResult,
  type BulkCreateOptions,
  type BulkItemResult,
  type NewRules,
} from './code-bulk.js';
export type { HostnameDirectory } from './code-drafts.js';
export type { ExportedCode } from './code-reads.js';
export type { ScanTotals, ScanTotalsSource } from './code-resources.js';
export type { RuleDirectory } from './code-rules.js';
export type { ChangeOrigin } from './code-writes.js';
export type { CreateCodeCommand } from './qrcodes.schemas.js';

export interface QrCodesOptions {
  dialect: Dialect;
  /** Base of the primary host's short URLs: `${shortUrl}` or `${publicUrl}/r`. */
  shortBase: string;
  /** Our own short URLs, which no target may be (the scan would loop). */
  isOwnShortUrl: OwnShortUrlTest;
  /** Stores a style's logo once as an asset of the account, and reads it back to draw (qrcodes.logo.ts). */
  logos: CodeLogos;
  scans: ScanTotalsSource;
  rules: RuleDirectory;
  hostnames: HostnameDirectory;
  /** Where every create, update, delete and rules change is published (the edge drops its cache entry). */
  changes: ChangeBus;
  /** The SSRF policy exec calls go through (SSRF_ALLOW), to warn about exec URLs it refuses. */
  execPolicy: AddressPolicy;
  /** Signs the codes' `imageUrl`s (image-urls.ts). */
  imageUrls: ImageUrls;
  /** The audit log: every write records its event in the transaction that makes it. */
  events: EventsService;
  /** How many codes a workspace may hold (its plans, CODES_LIMIT); absent or Infinity: no limit. */
  codesLimit?: (workspaceId: string) => Promise<number>;
  clock?: Clock;
}

/**
 * QR codes as the admin API and the other modules see them: every method that reads a code takes
 * the workspace id and every write the caller's access; a code of another workspace is a
 * `not_found`, never a `forbidden`. The work is done by parts each of one concern, made here:
 * reads (code-reads.ts), single writes (code-writes.ts), the checks both writes share
 * (code-drafts.ts), the API's shape of a code (code-resources.ts), bulk calls (code-bulk.ts),
 * rule assignment (`rules`), images (`images`) and print runs (`prints`). The redirect edge reads
 * codes elsewhere (edge-code-lookup.ts).
 */
export class QrCodesService {
  readonly rules: CodeRules;
  readonly images: CodeImages;
  /** The codes a ZIP or print sheet draws (the printing module streams them). */
  readonly prints: CodePrints;
  private readonly drafts: CodeDrafts;
  private readonly reads: CodeReads;
  private readonly writes: CodeWrites;
  private readonly bulk: CodeBulk;

  constructor(db: Kysely<Database>, options: QrCodesOptions) {
    const clock = options.clock ?? systemClock;
    const { shortBase, scans, events, changes, logos } = options;
    this.rules = new CodeRules(db, {
      rules: options.rules,
      clock,
      events,
      changed: (...codes) => publishCodeChanges(changes, ...codes),
    });
    this.images = new CodeImages(db, { shortBase, logos, imageUrls: options.imageUrls });
    this.prints = new CodePrints(db, { dialect: options.dialect, shortBase, logos });
    const resources = new CodeResources(db, {
      shortBase,
      execPolicy: options.execPolicy,
      images: this.images,
      scans,
    });
    this.drafts = new CodeDrafts(db, {
      shortBase,
      isOwnShortUrl: options.isOwnShortUrl,
      logos,
      hostnames: options.hostnames,
      rules: this.rules,
      images: this.images,
      codesLimit: options.codesLimit,
    });
    const { drafts } = this;
    this.reads = new CodeReads(db, { dialect: options.dialect, resources, scans, logos });
    this.writes = new CodeWrites(db, {
      clock,
      events,
      changes,
      drafts,
      resources,
      reads: this.reads,
      images: this.images,
      scans,
    });
    this.bulk = new CodeBulk({
      db,
      clock,
      events,
      shortBase,
      drafts,
      images: this.images,
      resources,
      scans,
      changes,
    });
  }

  // Reads (code-reads.ts)

  get(workspaceId: string, id: string): Promise<CodeResource> {
    return this.reads.get(workspaceId, id);
  }

  list(
    workspaceId: string,
    query: ListQueryInput,
  ): Promise<{ data: CodeResource[]; nextCursor: string | null }> {
    return this.reads.list(workspaceId, query);
  }

  /** A page of the list as an export writes it (logos inlined, password hashes kept). */
  exportPage(
    workspaceId: string,
    query: ListQueryInput,
  ): Promise<{ data: ExportedCode[]; nextCursor: string | null }> {
    return this.reads.exportPage(workspaceId, query);
  }

  /** How many codes pass the list's filters. */
  count(workspaceId: string, query: CodeFilterInput): Promise<{ total: number }> {
    return this.reads.count(workspaceId, query);
  }

  /** The codes one call of a bulk update or delete by filter changes (see CodeReads.bulkSelection). */
  bulkSelection(
    workspaceId: string,
    filter: CodeFilterInput,
    page: { cursor?: string | undefined; limit?: number | undefined; except?: readonly string[] | undefined },
  ): Promise<{ ids: string[]; nextCursor: string | null }> {
    return this.reads.bulkSelection(workspaceId, filter, page);
  }

  // Writes (code-writes.ts, code-bulk.ts)

  /** A 402 `limit_reached` when `wanted` more codes would pass the workspace's codes limit. */
  refuseOverCodeLimit(workspaceId: string, wanted: number): Promise<void> {
    return this.drafts.refuseOverCodeLimit(workspaceId, wanted);
  }

  create(access: WorkspaceAccess, input: CreateCodeCommand, imageFormat: ImageFormat = 'svg') {
    return this.writes.create(access, input, imageFormat);
  }

  /** Checks a create body as `create` would, writing nothing (an import's dry run). */
  check(
    access: WorkspaceAccess,
    input: CreateCodeCommand,
    base: string,
    options: { newRuleIds?: ReadonlySet<string> } = {},
  ): Promise<void> {
    return this.writes.check(access, input, base, options);
  }

  /** Applies a merge patch; `origin` adds to its event what the change came from. */
  update(
    access: WorkspaceAccess,
    id: string,
    patch: PatchCodeInput,
    origin: ChangeOrigin = {},
  ): Promise<CodeResource> {
    return this.writes.update(access, id, patch, origin);
  }

  delete(access: WorkspaceAccess, id: string): Promise<void> {
    return this.writes.delete(access, id);
  }

  /** Deletes every code of a workspace (it is being deleted); each stops redirecting at once. */
  eraseWorkspace(workspaceId: string): Promise<void> {
    return this.writes.eraseWorkspace(workspaceId);
  }

  /**
   * Creates many codes (POST /qrcodes/bulk, imports), each checked as POST /qrcodes checks its
   * body: a failing item is its own result, or with `atomic` the whole call is a 422 (code-bulk.ts).
   */
  bulkCreate(
    access: WorkspaceAccess,
    items: unknown[],
    options: BulkCreateOptions,
  ): Promise<BulkItemResult[]> {
    return this.bulk.create(access, items, options);
  }

  /** PATCH /qrcodes/{id} with one merge patch for many codes (POST /qrcodes/bulk-update), in one transaction. */
  bulkUpdate(
    access: WorkspaceAccess,
    ids: string[],
    patch: PatchCodeInput,
    options: BulkChangeOptions,
  ): Promise<BulkChangeResult[]> {
    return this.bulk.update(access, ids, patch, options);
  }

  /** Deletes many codes (POST /qrcodes/bulk-delete), in one transaction. */
  bulkDelete(
    access: WorkspaceAccess,
    ids: string[],
    options: BulkChangeOptions,
  ): Promise<BulkChangeResult[]> {
    return this.bulk.delete(access, ids, options);
  }
}
