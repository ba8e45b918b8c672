import type { CodeMode } from '@site/src/api/codes';
import type { ApiQuery } from '@site/src/api/types';

/** The table's columns that sort on the server (`GET /qrcodes?sort=`). */
export const SORTABLE = ['slug', 'title', 'scans', 'updatedAt', 'createdAt'] as const;
export type SortField = (typeof SORTABLE)[number];

export interface Sort {
  field: SortField;
  descending: boolean;
}

/** What the table shows, kept in the page address so a view survives a reload and can be shared. */
export interface TableView {
  q: string;
  tag: string;
  hostname: string;
  mode: '' | CodeMode;
  enabled: '' | 'true' | 'false';
  /** null: newest first (the API's default order). */
  sort: Sort | null;
}

export const EMPTY_VIEW: TableView = { q: '', tag: '', hostname: '', mode: '', enabled: '', sort: null };

const MODES: readonly string[] = ['redirect', 'exec', 'static'];

export function parseSort(value: string | null): Sort | null {
  if (!value) return null;
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  return (SORTABLE as readonly string[]).includes(field) ? { field: field as SortField, descending } : null;
}

export function sortParam(sort: Sort): NonNullable<ApiQuery<'/api/v1/qrcodes'>['sort']> {
  return `${sort.descending ? '-' : ''}${sort.field}`;
}

export function viewOf(search: string): TableView {
  const params = new URLSearchParams(search);
  const mode = params.get('mode') ?? '';
  const enabled = params.get('enabled') ?? '';
  return {
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    hostname: params.get('hostname') ?? '',
    mode: MODES.includes(mode) ? (mode as CodeMode) : '',
    enabled: enabled === 'true' || enabled === 'false' ? enabled : '',
    sort: parseSort(params.get('sort')),
  };
}

/** The filters as API query parameters: the list, the count and the bulk downloads share them. */
export function filterParams(view: TableView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.tag.trim()) params.set('tag', view.tag.trim());
  if (view.hostname.trim()) params.set('hostname', view.hostname.trim().toLowerCase());
  if (view.mode) params.set('mode', view.mode);
  if (view.enabled) params.set('enabled', view.enabled);
  return params;
}

/** The page address of a view (the same parameters as the API, defaults left out). */
export function searchOf(view: TableView): string {
  const params = filterParams(view);
  if (view.sort) params.set('sort', sortParam(view.sort));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters as the API's query: the list and the count take them. */
export function filterQuery(view: TableView): ApiQuery<'/api/v1/qrcodes/count'> {
  return {
    ...(view.q.trim() ? { q: view.q.trim() } : {}),
    ...(view.tag.trim() ? { tag: view.tag.trim() } : {}),
    ...(view.hostname.trim() ? { hostname: view.hostname.trim().toLowerCase() } : {}),
    ...(view.mode ? { mode: view.mode } : {}),
    ...(view.enabled ? { enabled: view.enabled === 'true' } : {}),
  };
}

/** `GET /qrcodes` of one page of the view. */
export function listQuery(
  view: TableView,
  cursor: string | null,
  limit: number,
): ApiQuery<'/api/v1/qrcodes'> {
  return {
    ...filterQuery(view),
    ...(view.sort ? { sort: sortParam(view.sort) } : {}),
    limit,
    ...(cursor ? { cursor } : {}),
  };
}

export function isFiltered(view: TableView): boolean {
  return filterParams(view).toString() !== '';
}

/**
 * The sort after a click on a column's header: a new column sorts ascending (text) or descending
 * (numbers and times, where the largest is what one looks for); the same column flips.
 */
export function nextSort(current: Sort | null, field: SortField): Sort {
  if (current?.field === field) return { field, descending: !current.descending };
  return { field, descending: field === 'scans' || field === 'updatedAt' || field === 'createdAt' };
}

/**
 * The selection: some codes picked by id, or every code matching the filters (across pages) but
 * the ones unticked. "All matching" stays tied to the filters it was made under.
 */
export type Selection =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  | { kind: 'all'; filterKey: string; except: ReadonlySet<string> };

export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'ids' ? selection.ids.has(id) : !selection.except.has(id);
}

export function toggled(selection: Selection, id: string, on: boolean): Selection {
  const flip = (set: ReadonlySet<string>, add: boolean) => {
    const next = new Set(set);
    if (add) next.add(id);
    else next.delete(id);
    return next;
  };
  return selection.kind === 'ids'
    ? { kind: 'ids', ids: flip(selection.ids, on) }
    : { ...selection, except: flip(selection.except, !on) };
}

/** How many codes the selection holds, given how many match the filters. */
export function selectedCount(selection: Selection, total: number | undefined): number {
  return selection.kind === 'ids' ? selection.ids.size : Math.max(0, (total ?? 0) - selection.except.size);
}

/** Tags after adding or removing one (kept in order, never twice). */
export function retagged(tags: readonly string[], tag: string, add: boolean): string[] {
  if (add) return tags.includes(tag) ? [...tags] : [...tags, tag];
  return tags.filter((t) => t !== tag);
}
