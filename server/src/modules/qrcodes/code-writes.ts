import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import type { Clock } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { notFound } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import type { EventsService } from '../events/events.service.js';
import { type CodeChange, publishCodeChanges } from './code-change.js';
import type { CodeDrafts } from './code-drafts.js';
import { codeEvent, DERIVED_FIELDS, passwordChange } from './code-events.js';
import type { CodeImages } from './code-images.js';
import type { CodeReads } from './code-reads.js';
import type { CodeResources, ScanTotalsSource } from './code-resources.js';
import { columnsOf } from './code-state.js';
import type { ImageFormat } from './qrcodes.images.js';
import {
  deleteCode,
  deleteWorkspaceCodes,
  findCode,
  insertCode,
  takenSlugs,
  updateCode,
} from './qrcodes.repository.js';
import type { CodeResource, CreateCodeCommand, PatchCodeInput } from './qrcodes.schemas.js';
import { randomSlug, slugTakenProblem } from './slugs.js';

/** Where a change of a code came from, added to its audit event's data (`design: dsn_...`). */
export type ChangeOrigin = Record<string, unknown>;

const RANDOM_SLUG_ATTEMPTS = 8;

export interface CodeWritesOptions {
  clock: Clock;
  /** The audit log: every write records its event in the transaction that makes it. */
  events: EventsService;
  /** Where every create, update and delete is published (the edge drops its cache entry). */
  changes: ChangeBus;
  drafts: CodeDrafts;
  resources: CodeResources;
  reads: CodeReads;
  images: CodeImages;
  scans: ScanTotalsSource;
}

/**
 * The single writes of a code: create, update, delete, and a workspace's erasure. Each records its
 * event (`qrcode.created|updated|deleted`) in its own transaction, and once that has committed is
 * published as `code.changed`.
 */
export class CodeWrites {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: CodeWritesOptions,
  ) {}

  async create(access: WorkspaceAccess, input: CreateCodeCommand, imageFormat: ImageFormat = 'svg') {
    const { drafts, images, events, resources, clock } = this.options;
    const workspaceId = access.workspaceId;
    await drafts.refuseOverCodeLimit(workspaceId, 1);
    const { state, ruleIds, given } = await drafts.create(access, input, '/body');

    for (let attempt = 1; ; attempt++) {
      const image = await images.draw(state, imageFormat);
      const now = clock.now();
      const id = newId('qr', now);
      try {
        await events.inTransaction(async (trx) => {
          const row = { id, account_id: workspaceId, ...columnsOf(state), created_at: now, updated_at: now };
          await insertCode(trx, row, ruleIds);
          const code = await resources.in(trx, workspaceId, id);
          return { result: code, events: [codeEvent('qrcode.created', access, id, { object: code })] };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (given !== undefined) throw slugTakenProblem(state.slug, state.hostKey);
        if (attempt >= RANDOM_SLUG_ATTEMPTS) throw error;
        state.slug = randomSlug();
        continue;
      }
      await this.publish({ id, hostKey: state.hostKey, slug: state.slug, created: true });
      return { code: await this.options.reads.get(workspaceId, id), image };
    }
  }

  /**
   * Checks a create body as `create` would, writing nothing (an import's dry run), with field
   * paths under `base`: its fields, a verified hostname, its rules, a reserved or taken slug, and,
   * when the drawing could fail (a style, or static data that may not fit), the image. A logo is
   * checked but not stored, and a password not hashed. The codes limit is the caller's to count.
   * `newRuleIds`: rules the caller would store with the code (an import's), taken as the account's.
   */
  async check(
    access: WorkspaceAccess,
    input: CreateCodeCommand,
    base: string,
    { newRuleIds }: { newRuleIds?: ReadonlySet<string> } = {},
  ): Promise<void> {
    const { drafts, images } = this.options;
    const { state, given } = await drafts.create(access, input, base, { dryRun: true, newRuleIds });
    if (given !== undefined && (await takenSlugs(this.db, state.hostKey, [state.slug])).size > 0)
      throw slugTakenProblem(state.slug, state.hostKey, `${base}/slug`);
    if (Object.keys(input.style ?? {}).length > 0 || state.mode === 'static')
      await images.draw(state, 'svg', base);
  }

  /**
   * Applies a merge patch. The fields that changed are the `qrcode.updated` event (none changed:
   * no event); `origin` adds to its data what the change came from (`{ design }` for an apply).
   */
  async update(
    access: WorkspaceAccess,
    id: string,
    patch: PatchCodeInput,
    origin: ChangeOrigin = {},
  ): Promise<CodeResource> {
    const { drafts, events, resources, clock } = this.options;
    const workspaceId = access.workspaceId;
    const row = await findCode(this.db, workspaceId, id);
    if (!row) throw notFound('QR code');
    const { before, after, moved } = await drafts.update(access, row, patch, '/body');
    try {
      await events.inTransaction(async (trx) => {
        const old = await resources.in(trx, workspaceId, id);
        await updateCode(trx, workspaceId, id, { ...columnsOf(after), updated_at: clock.now() });
        const changes = changedFields(old, await resources.in(trx, workspaceId, id), {
          ignore: DERIVED_FIELDS,
        });
        const password = passwordChange(before.controls.passwordHash, after.controls.passwordHash);
        if (password) changes.password = password;
        const written =
          Object.keys(changes).length === 0
            ? []
            : [codeEvent('qrcode.updated', access, id, { changes, ...origin })];
        return { result: undefined, events: written };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTakenProblem(after.slug, after.hostKey);
      throw error;
    }
    await this.publish({ id, hostKey: before.hostKey, slug: before.slug });
    if (moved) await this.publish({ id, hostKey: after.hostKey, slug: after.slug });
    return this.options.reads.get(workspaceId, id);
  }

  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const { events, resources, scans } = this.options;
    const workspaceId = access.workspaceId;
    // Read first: the event shows the code as it was, its scans too (the scans module's own reads).
    const totals = await scans.totalsFor(workspaceId, [id]);
    const row = await events.inTransaction(async (trx) => {
      const code = await resources.in(trx, workspaceId, id, totals.get(id));
      const deleted = await deleteCode(trx, workspaceId, id);
      if (!deleted) throw notFound('QR code');
      return { result: deleted, events: [codeEvent('qrcode.deleted', access, id, { object: code })] };
    });
    await this.publish({ id, hostKey: row.host_key, slug: row.slug });
  }

  /**
   * Deletes every code of a workspace (the workspace is being deleted) and publishes each as
   * changed, as a delete does: every instance's redirect edge drops it, so no code of the
   * workspace redirects once this resolves. No events: the workspace's log goes with it.
   */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    const codes = await deleteWorkspaceCodes(this.db, workspaceId);
    await this.publish(...codes.map((code) => ({ id: code.id, hostKey: code.host_key, slug: code.slug })));
  }

  private publish(...changes: CodeChange[]): Promise<void> {
    return publishCodeChanges(this.options.changes, ...changes);
  }
}
