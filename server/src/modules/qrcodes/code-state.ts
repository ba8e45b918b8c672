import { encodeStaticData, type StaticData } from '@rq/qr';
import { applyMergePatch } from '../../shared/merge-patch.js';
import {
  controlColumnsOf,
  controlsOf,
  type LinkControls,
  mergeControls,
  NO_CONTROLS,
} from './link-controls.js';
import type { PatchCodeInput } from './qrcodes.schemas.js';
import type { QrCodeRow } from './qrcodes.table.js';
import { type CodeMode, type ExecSettings, normalizeExec, normalizeTags } from './qrcodes.validate.js';

/**
 * A code's stored fields as the module works with them, and the pure steps between them and
 * the table row: reading a row, the columns to write, a merge patch, what the symbol encodes.
 */
export interface CodeState {
  mode: CodeMode;
  slug: string;
  hostKey: string;
  target: string | null;
  data: StaticData | null;
  exec: ExecSettings | null;
  style: Record<string, unknown>;
  title: string | null;
  tags: string[];
  enabled: boolean;
  /** Link controls; all null on static codes. */
  controls: LinkControls;
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function stateOf(row: QrCodeRow): CodeState {
  return {
    mode: row.mode,
    slug: row.slug,
    hostKey: row.host_key,
    target: row.target,
    data: parseJson<StaticData>(row.data_json),
    exec: parseJson<ExecSettings>(row.exec_json),
    style: parseJson<Record<string, unknown>>(row.style_json) ?? {},
    title: row.title,
    tags: parseJson<string[]>(row.tags_json) ?? [],
    enabled: row.enabled === 1,
    controls: controlsOf(row),
  };
}

export function columnsOf(state: CodeState) {
  return {
    mode: state.mode,
    slug: state.slug,
    host_key: state.hostKey,
    target: state.target,
    data_json: state.data ? JSON.stringify(state.data) : null,
    exec_json: state.exec ? JSON.stringify(state.exec) : null,
    style_json: JSON.stringify(state.style),
    title: state.title,
    tags_json: JSON.stringify(state.tags),
    enabled: state.enabled ? 1 : 0,
    ...controlColumnsOf(state.controls),
  };
}

/**
 * The state after a merge patch (RFC 7396). A change of mode drops the fields of the old mode the
 * patch left alone; a new static kind starts from nothing. The style is merged as given: storing
 * its logo is the service's (it needs the assets module), and so is hashing a new password.
 */
export function mergeCodePatch(before: CodeState, patch: PatchCodeInput): CodeState {
  const after: CodeState = { ...before };
  if (patch.mode !== undefined && patch.mode !== before.mode) {
    after.mode = patch.mode;
    if (patch.target === undefined) after.target = null;
    if (patch.data === undefined) after.data = null;
    if (patch.exec === undefined) after.exec = null;
    // A static code takes no controls: those the patch left alone go with the old mode's fields.
    if (patch.mode === 'static') after.controls = NO_CONTROLS;
  }
  if (patch.slug !== undefined) after.slug = patch.slug;
  if (patch.target !== undefined) after.target = patch.target;
  if (patch.data !== undefined) {
    const base = patch.data?.kind !== undefined && patch.data.kind !== after.data?.kind ? null : after.data;
    after.data = patch.data === null ? null : (applyMergePatch(base, patch.data) as unknown as StaticData);
  }
  if (patch.exec !== undefined) {
    after.exec =
      patch.exec === null
        ? null
        : normalizeExec(applyMergePatch(after.exec, patch.exec) as Partial<ExecSettings>);
  }
  if (patch.style !== undefined) {
    after.style =
      patch.style === null ? {} : (applyMergePatch(before.style, patch.style) as Record<string, unknown>);
  }
  if (patch.title !== undefined) after.title = patch.title;
  if (patch.tags !== undefined) after.tags = normalizeTags(patch.tags ?? []);
  if (patch.enabled !== undefined) after.enabled = patch.enabled;
  after.controls = mergeControls(after.controls, patch);
  return after;
}

/** A code's short URL: on the primary host under `shortBase`, on a custom hostname at its root. */
export function shortUrlOf(shortBase: string, hostKey: string, slug: string): string {
  return hostKey === '' ? `${shortBase}/${slug}` : `https://${hostKey}/${slug}`;
}

/** The text a code's symbol encodes: its data for static codes, its short URL otherwise. */
export function payloadOf(
  state: Pick<CodeState, 'mode' | 'data' | 'hostKey' | 'slug'>,
  shortBase: string,
): string {
  return state.mode === 'static' && state.data
    ? encodeStaticData(state.data)
    : shortUrlOf(shortBase, state.hostKey, state.slug);
}

const STATIC_TEXT_FIELD: Partial<Record<StaticData['kind'], string>> = {
  text: 'text',
  url: 'url',
  email: 'body',
  sms: 'message',
};

/**
 * The field to shorten when a symbol cannot hold a code's data: the static kind's longest free
 * text, or for dynamic codes the slug (their symbol holds the short URL, and the slug is the
 * part a caller chooses).
 */
export function dataPathOf(state: Pick<CodeState, 'mode' | 'data'>): string {
  if (state.mode !== 'static' || !state.data) return '/body/slug';
  const field = STATIC_TEXT_FIELD[state.data.kind];
  return field ? `/body/data/${field}` : '/body/data';
}
