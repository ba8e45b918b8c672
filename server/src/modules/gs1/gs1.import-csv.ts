import type { FieldError } from '../../shared/problem.js';
import type { ImportedItem, ParsedReferenceImport } from './gs1.import.js';
import type { Gs1ItemCreateBody, Gs1LinkInput } from './gs1.schemas.js';

/**
 * A spreadsheet of GTINs and their links (format=gs1-csv), one link a row, read as items' create
 * bodies. Columns, by header name (any case; `-`, `_` and spaces ignored):
 * - gtin (required): 8, 12, 13 or 14 digits, made the 14-digit form (spreadsheets drop leading zeros);
 * - lot, serial: the row's link is at that lot's or serial's level ('{lotnumber}' covers every lot);
 * - linkType (required): 'gs1:pip' or a GS1 Web Vocabulary URI; href (required); title (required);
 * - language: hreflang tags, separated by spaces or '|'; context: contexts, the same way; type: a media type;
 * - default: true, yes, x or 1 makes the row's link type its level's default;
 * - itemDescription: the level's description (the first row that has one); hostname: the item's
 *   verified hostname (the first row that has one).
 * Rows of one GTIN are one item; rows of one lot or serial, one of its levels. Pure: no I/O.
 */

export const GS1_CSV_COLUMNS = [
  'gtin',
  'lot',
  'serial',
  'linkType',
  'href',
  'title',
  'language',
  'context',
  'type',
  'default',
  'itemDescription',
  'hostname',
] as const;
type Column = (typeof GS1_CSV_COLUMNS)[number];

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');
const BY_SQUASHED = new Map<string, Column>([
  ...GS1_CSV_COLUMNS.map((column) => [squash(column), column] as const),
  ['hreflang', 'language'],
  ['linktype', 'linkType'],
  ['description', 'itemDescription'],
]);

/** Our body's link fields as the file's columns. */
const LINK_COLUMN: Record<string, Column> = {
  linkType: 'linkType',
  href: 'href',
  title: 'title',
  hreflang: 'language',
  context: 'context',
  type: 'type',
};

const TRUE = new Set(['true', 'yes', 'y', 'x', '1']);

const list = (cell: string) => cell.split(/[\s|]+/).filter((part) => part !== '');

interface Level {
  qualifiers: Array<{ ai: string; value: string }>;
  itemDescription?: string;
  defaultLinkType?: string;
  links: Gs1LinkInput[];
  /** The data row (1-based) of each link, and the level's first. */
  linkRows: number[];
  firstRow: number;
}

interface Group {
  gtin: string;
  hostname?: string;
  hostnameRow?: number;
  levels: Map<string, Level>;
}

/** A file's header problem: a 400 for the whole file (no row can be read without the columns). */
export function missingColumns(header: readonly string[]): string[] {
  const present = new Set(header.map((name) => BY_SQUASHED.get(squash(name))));
  return (['gtin', 'linkType', 'href', 'title'] as const).filter((column) => !present.has(column));
}

export function parseGs1Csv(table: { header: string[]; rows: string[][] }): ParsedReferenceImport {
  const columns = table.header.map((name) => BY_SQUASHED.get(squash(name)));
  const errors: ParsedReferenceImport['errors'] = [];
  const groups = new Map<string, Group>();
  for (const [index, cells] of table.rows.entries()) {
    const row = index + 1;
    const cell = (column: Column) => (cells[columns.indexOf(column)] ?? '').trim();
    if (cells.every((value) => value.trim() === '')) continue;
    const rowErrors: FieldError[] = [];
    const gtin = cell('gtin');
    if (!/^(\d{8}|\d{12,14})$/.test(gtin)) {
      rowErrors.push({ path: '/gtin', message: 'must be a GTIN: 8, 12, 13 or 14 digits' });
    }
    for (const column of ['linkType', 'href', 'title'] as const) {
      if (cell(column) === '') rowErrors.push({ path: `/${column}`, message: 'is required' });
    }
    if (rowErrors.length > 0) {
      errors.push({ row, errors: rowErrors });
      continue;
    }
    const key = gtin.padStart(14, '0');
    const group = groups.get(key) ?? { gtin: key, levels: new Map<string, Level>() };
    groups.set(key, group);
    if (cell('hostname') !== '' && group.hostname === undefined) {
      group.hostname = cell('hostname');
      group.hostnameRow = row;
    }
    const qualifiers = [
      ...(cell('lot') ? [{ ai: '10', value: cell('lot') }] : []),
      ...(cell('serial') ? [{ ai: '21', value: cell('serial') }] : []),
    ];
    const levelKey = qualifiers.map((q) => `/${q.ai}/${q.value}`).join('');
    const level = group.levels.get(levelKey) ?? { qualifiers, links: [], linkRows: [], firstRow: row };
    group.levels.set(levelKey, level);
    const linkType = cell('linkType');
    const hreflang = list(cell('language'));
    const context = list(cell('context'));
    level.links.push({
      linkType,
      href: cell('href'),
      title: cell('title'),
      ...(cell('type') ? { type: cell('type') } : {}),
      ...(hreflang.length > 0 ? { hreflang } : {}),
      ...(context.length > 0 ? { context } : {}),
    });
    level.linkRows.push(row);
    if (TRUE.has(cell('default').toLowerCase()) && level.defaultLinkType === undefined) {
      level.defaultLinkType = linkType;
    }
    if (cell('itemDescription') && level.itemDescription === undefined) {
      level.itemDescription = cell('itemDescription');
    }
  }
  return { rows: table.rows.length, items: [...groups.values()].map(itemOf), errors };
}

function itemOf(group: Group): ImportedItem {
  const root = group.levels.get('');
  const others = [...group.levels.entries()].filter(([key]) => key !== '').map(([, level]) => level);
  const ordered = [root, ...others];
  const body: Gs1ItemCreateBody = {
    primaryKey: { ai: '01', value: group.gtin },
    ...(group.hostname ? { hostname: group.hostname } : {}),
    ...(root?.itemDescription ? { itemDescription: root.itemDescription } : {}),
    ...(root?.defaultLinkType ? { defaultLinkType: root.defaultLinkType } : {}),
    links: root?.links ?? [],
    levels: others.map((level) => ({
      qualifiers: level.qualifiers,
      ...(level.itemDescription ? { itemDescription: level.itemDescription } : {}),
      ...(level.defaultLinkType ? { defaultLinkType: level.defaultLinkType } : {}),
      links: level.links,
    })),
  };
  const firstRow = (level: Level | undefined) => level?.firstRow ?? (others[0]?.firstRow as number);
  const levelRows = ordered.map(firstRow);
  return {
    body,
    levelRows,
    rows: [...group.levels.values()].reduce((sum, level) => sum + level.linkRows.length, 0),
    locate: (bodyPath) => {
      const match = /^\/body(?:\/levels\/(\d+))?(\/.*)?$/.exec(bodyPath);
      const levelIndex = match?.[1] === undefined ? 0 : Number(match[1]) + 1;
      const level = ordered[levelIndex];
      const rest = match?.[2] ?? '';
      const link = /^\/links\/(\d+)(?:\/([^/]+))?/.exec(rest);
      if (link && level) {
        const row = level.linkRows[Number(link[1])] ?? firstRow(level);
        return { row, path: `/${LINK_COLUMN[link[2] ?? ''] ?? 'href'}` };
      }
      const row = levelRows[levelIndex] ?? (levelRows[0] as number);
      if (rest.startsWith('/primaryKey')) return { row, path: '/gtin' };
      if (rest.startsWith('/hostname')) return { row: group.hostnameRow ?? row, path: '/hostname' };
      if (rest.startsWith('/defaultLinkType')) return { row, path: '/default' };
      if (rest.startsWith('/itemDescription')) return { row, path: '/itemDescription' };
      if (rest.startsWith('/qualifiers'))
        return { row, path: level?.qualifiers.length === 2 ? '/serial' : '/lot' };
      return { row, path: rest || '/' };
    },
  };
}
