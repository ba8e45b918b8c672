import type { StyleInput } from '@rq/qr';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { type IdPrefix, newId } from '../../shared/ids.js';
import { applyMergePatch } from '../../shared/merge-patch.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import { type ChangeEvent, changeEvent, type EventsService } from '../events/events.service.js';
import { checkStyle } from '../qrcodes/qrcodes.images.js';
import type { CodeResource, PatchCodeInput } from '../qrcodes/qrcodes.schemas.js';
import { replacingPatch } from './designs.apply.js';
import {
  deleteDesign,
  deleteWorkspaceDesigns,
  findDesign,
  insertDesign,
  listDesigns,
  updateDesign,
} from './designs.repository.js';
import type { Design, DesignCreateBody, DesignList, DesignPatchBody } from './designs.schemas.js';
import type { DesignRow } from './designs.table.js';

// API.md names `dsn_` for designs; shared/ids.ts does not list it yet.
const DESIGN_PREFIX: IdPrefix = 'dsn';

/** Stores a style's logo once as the workspace's asset (the QR codes module's CodeLogos). */
export interface StyleLogos {
  store(access: WorkspaceAccess, style: StyleInput, path: string): Promise<StyleInput>;
}

/**
 * The QR codes service as this module uses it: read a code, change its style (`context` goes
 * into the code's `qrcode.updated` event).
 */
export interface CodeStyles {
  get(workspaceId: string, id: string): Promise<CodeResource>;
  update(
    access: WorkspaceAccess,
    id: string,
    patch: PatchCodeInput,
    context?: Record<string, unknown>,
  ): Promise<CodeResource>;
}

export interface DesignsServiceOptions {
  logos: StyleLogos;
  codes: CodeStyles;
  /** The audit log: every write records its event in the transaction that makes it. */
  events: EventsService;
  clock?: Clock;
}

/** An event of a design: `{ object }` (the design as the API shows it) or `{ changes }`. */
function designEvent(type: string, access: WorkspaceAccess, id: string, data: ChangeEvent['data']) {
  return changeEvent(type, access, { type: 'design', id }, data);
}

function toResource(row: DesignRow): Design {
  return {
    id: row.id,
    name: row.name,
    style: JSON.parse(row.style_json) as StyleInput,
    createdAt: toIso(row.created_at) as string,
    updatedAt: toIso(row.updated_at) as string,
  };
}

/** One line of printable text, not blank. */
function nameErrors(name: string, path: string): FieldError[] {
  if (name.trim() === '') return [{ path, message: 'must not be blank' }];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f]/.test(name))
    return [{ path, message: 'must be one line without control characters' }];
  return [];
}

/** A problem about one code of an apply, said with that code's place in the request. */
function problemForCode(error: unknown, index: number, id: string): unknown {
  if (!(error instanceof Problem)) return error;
  const path = `/body/codes/${index}`;
  const errors = error.options.errors?.map((field) => ({
    path: field.path.replace(/^\/body/, path),
    message: field.message,
  }));
  return new Problem(error.code, `Code ${id}: ${error.detail}`, {
    ...error.options,
    errors: errors && errors.length > 0 ? errors : [{ path, message: error.detail }],
  });
}

/**
 * Saved designs. Every read takes the workspace id and every write the caller's access; a design
 * of another workspace is a `not_found`, never a `forbidden`. A design's style is checked like a
 * code's and its logo is stored as an asset once, so applying it to codes copies a URL, not an
 * image. Every write records its event (`design.created|updated|deleted`) in the transaction that
 * makes it; applying a design is a change of each code it restyles (see `apply`).
 */
export class DesignsService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: DesignsServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  async create(access: WorkspaceAccess, body: DesignCreateBody): Promise<Design> {
    const errors = nameErrors(body.name, '/body/name');
    if (errors.length > 0) throw validationFailed(errors);
    const style = await this.checkedStyle(access, body.style);
    const now = this.clock.now();
    const id = newId(DESIGN_PREFIX, now);
    const row: DesignRow = {
      id,
      account_id: access.workspaceId,
      name: body.name.trim(),
      style_json: JSON.stringify(style),
      created_at: now,
      updated_at: now,
    };
    return this.options.events.inTransaction(async (trx) => {
      await insertDesign(trx, row);
      const design = toResource(row);
      return {
        result: design,
        events: [designEvent('design.created', access, id, { object: { ...design } })],
      };
    });
  }

  async get(workspaceId: string, id: string): Promise<Design> {
    const row = await findDesign(this.db, workspaceId, id);
    if (!row) throw notFound('design');
    return toResource(row);
  }

  async list(workspaceId: string, query: PageQuery): Promise<DesignList> {
    const page = await readPage(query, DESIGN_PREFIX, (window) => listDesigns(this.db, workspaceId, window));
    return { data: page.rows.map(toResource), nextCursor: page.nextCursor };
  }

  async update(access: WorkspaceAccess, id: string, patch: DesignPatchBody): Promise<Design> {
    const workspaceId = access.workspaceId;
    const current = await this.get(workspaceId, id);
    const errors = patch.name === undefined ? [] : nameErrors(patch.name, '/body/name');
    if (errors.length > 0) throw validationFailed(errors);
    const changes: { name?: string; style_json?: string; updated_at: number } = {
      updated_at: this.clock.now(),
    };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.style !== undefined) {
      const merged = patch.style === null ? {} : applyMergePatch(current.style, patch.style);
      changes.style_json = JSON.stringify(await this.checkedStyle(access, merged as StyleInput));
    }
    return this.options.events.inTransaction(async (trx) => {
      const updated =
        (await updateDesign(trx, workspaceId, id, changes)) && (await findDesign(trx, workspaceId, id));
      if (!updated) throw notFound('design');
      const design = toResource(updated);
      const changed = changedFields({ ...current }, { ...design });
      const events =
        Object.keys(changed).length === 0
          ? []
          : [designEvent('design.updated', access, id, { changes: changed })];
      return { result: design, events };
    });
  }

  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const workspaceId = access.workspaceId;
    await this.options.events.inTransaction(async (trx) => {
      const row = await findDesign(trx, workspaceId, id);
      if (!row || !(await deleteDesign(trx, workspaceId, id))) throw notFound('design');
      const object = { ...toResource(row) };
      return { result: undefined, events: [designEvent('design.deleted', access, id, { object })] };
    });
  }

  /** Deletes every design of a workspace (the workspace is being deleted). */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    await deleteWorkspaceDesigns(this.db, workspaceId);
  }

  /**
   * Gives each code the design's style (replacing the code's style, not merging into it). Every
   * code is looked up first, so a foreign or missing id changes nothing; a code that cannot take
   * the style (its data leaves no room for the logo, say) stops the run at that code.
   *
   * The design itself does not change, so there is no design event: each code restyled is a
   * change of that code, its own `qrcode.updated` event (`changes.style`, and `design: dsn_...`
   * naming the design applied), written with that code's change. A code already in the style
   * changes nothing and records nothing; a run stopped at a code keeps the events of the codes
   * restyled before it, as it keeps their new style.
   */
  async apply(access: WorkspaceAccess, id: string, codeIds: readonly string[]): Promise<CodeResource[]> {
    const workspaceId = access.workspaceId;
    const design = await this.get(workspaceId, id);
    const codes: CodeResource[] = [];
    for (const [index, codeId] of codeIds.entries()) {
      try {
        codes.push(await this.options.codes.get(workspaceId, codeId));
      } catch (error) {
        throw problemForCode(error, index, codeId);
      }
    }
    const applied: CodeResource[] = [];
    for (const [index, code] of codes.entries()) {
      const style = replacingPatch(code.style, design.style) as PatchCodeInput['style'];
      try {
        applied.push(await this.options.codes.update(access, code.id, { style }, { design: id }));
      } catch (error) {
        throw problemForCode(error, index, code.id);
      }
    }
    return applied;
  }

  /** The style with its logo stored as an asset, checked as a code's style is. */
  private async checkedStyle(access: WorkspaceAccess, style: StyleInput): Promise<StyleInput> {
    const stored = await this.options.logos.store(access, style, '/body/style');
    checkStyle(stored, '/body/style');
    return stored;
  }
}
