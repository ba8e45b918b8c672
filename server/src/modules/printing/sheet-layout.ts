import type { FieldError } from '../../shared/problem.js';

/**
 * Where the codes of a print sheet go: pure geometry, in PDF points (1/72 in) from the page's top
 * left. Each code is drawn inside a square cell of `sizeMm` that holds its quiet zone (at least 4
 * modules, see PRINT_QUIET_ZONE) and, under it, a caption band; cells never overlap, so no symbol
 * comes closer to another than two quiet zones.
 */

export const PAPERS = {
  A4: { width: 595.276, height: 841.89, label: 'A4 (210 x 297 mm)' },
  letter: { width: 612, height: 792, label: 'Letter (8.5 x 11 in)' },
} as const;

export type Paper = keyof typeof PAPERS;

export const MM = 72 / 25.4;
/** Blank paper around the grid: what most office and print-shop printers leave unprinted anyway. */
export const PAGE_MARGIN_MM = 10;
/** The caption band under a code: one line of 7 pt text with room to breathe. */
export const CAPTION_BAND_MM = 5;
export const CAPTION_FONT_PT = 7;

export interface SheetRequest {
  paper: Paper;
  columns: number;
  rows: number;
  sizeMm: number;
  caption: 'slug' | 'title' | null;
}

export interface Cell {
  /** Top left of the code's square (quiet zone included), and of its caption band under it. */
  x: number;
  y: number;
  captionY: number;
}

export interface SheetLayout {
  pageWidth: number;
  pageHeight: number;
  /** Side of a code's square in points. */
  side: number;
  /** Cells of one page, row by row. */
  cells: Cell[];
}

const round = (n: number) => Math.round(n * 10) / 10;

/** "1 column of 250 mm needs", "5 columns of 40 mm need": the grid's line in the number it has. */
const gridLine = (count: number, noun: 'column' | 'row', sizeMm: number) =>
  count === 1 ? `1 ${noun} of ${sizeMm} mm` : `${count} ${noun}s of ${sizeMm} mm`;
const need = (count: number) => (count === 1 ? 'needs' : 'need');

/** The layout of a sheet, or the request's problems: a grid that does not fit its paper names its fields. */
export function layoutSheet(request: SheetRequest): SheetLayout | FieldError[] {
  const paper = PAPERS[request.paper];
  const side = request.sizeMm * MM;
  const band = request.caption ? CAPTION_BAND_MM * MM : 0;
  const usableWidth = paper.width - 2 * PAGE_MARGIN_MM * MM;
  const usableHeight = paper.height - 2 * PAGE_MARGIN_MM * MM;
  const errors: FieldError[] = [];
  const neededWidth = request.columns * side;
  const neededHeight = request.rows * (side + band);
  const room = (points: number) => `${round(points / MM)} mm`;
  if (neededWidth > usableWidth + 1e-6) {
    const message = `${gridLine(request.columns, 'column', request.sizeMm)} ${need(request.columns)} ${room(neededWidth)}; ${paper.label} leaves ${room(usableWidth)} between its ${PAGE_MARGIN_MM} mm margins`;
    errors.push({ path: '/body/columns', message }, { path: '/body/sizeMm', message });
  }
  if (neededHeight > usableHeight + 1e-6) {
    const message = `${gridLine(request.rows, 'row', request.sizeMm)}${band ? ` and a ${CAPTION_BAND_MM} mm caption each` : ''} ${need(request.rows)} ${room(neededHeight)}; ${paper.label} leaves ${room(usableHeight)} between its ${PAGE_MARGIN_MM} mm margins`;
    errors.push({ path: '/body/rows', message });
    if (!errors.some((error) => error.path === '/body/sizeMm'))
      errors.push({ path: '/body/sizeMm', message });
  }
  if (errors.length > 0) return errors;
  // The room left over is spread evenly between the cells (and none at the page margins).
  const gapX = request.columns > 1 ? (usableWidth - neededWidth) / (request.columns - 1) : 0;
  const gapY = request.rows > 1 ? (usableHeight - neededHeight) / (request.rows - 1) : 0;
  const left = request.columns > 1 ? PAGE_MARGIN_MM * MM : (paper.width - side) / 2;
  const top = PAGE_MARGIN_MM * MM;
  const cells: Cell[] = [];
  for (let row = 0; row < request.rows; row++) {
    for (let column = 0; column < request.columns; column++) {
      const x = left + column * (side + gapX);
      const y = top + row * (side + band + gapY);
      cells.push({ x, y, captionY: y + side + 1 * MM });
    }
  }
  return { pageWidth: paper.width, pageHeight: paper.height, side, cells };
}
