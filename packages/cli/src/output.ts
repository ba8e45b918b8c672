import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

/** Colours only for a person at a terminal: never in pipes or files, never with NO_COLOR set. */
export function colourFor(stream: NodeJS.WriteStream, env = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

export interface Output {
  json: boolean;
  colour: boolean;
  /** stdout is a terminal: tables may be cut to fit, progress may be drawn (on stderr). */
  interactive: boolean;
  out(text: string): void;
  err(text: string): void;
  paint(style: Style, text: string): string;
}

export function createOutput(options: { json: boolean }): Output {
  const colour = colourFor(process.stdout);
  const errColour = colourFor(process.stderr);
  return {
    json: options.json,
    colour,
    interactive: Boolean(process.stdout.isTTY),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${errColour ? text : stripStyles(text)}\n`),
    paint: (style, text) => (colour ? styleText(style, text, { validateStream: false }) : text),
  };
}

/** Messages to stderr are painted with stdout's choice; this takes the paint off again. */
function stripStyles(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are what is removed
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** The API's JSON as is, for scripts (`--json`). */
export function printJson(output: Output, value: unknown): void {
  output.out(JSON.stringify(value, null, 2));
}

export interface Column<T> {
  header: string;
  value(row: T): unknown;
}

/** A cell as text: times shortened, lists joined, nothing as a dash. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(text) ? text.slice(0, 16).replace('T', ' ') : text;
}

/** Rows as aligned columns; on a terminal wide cells are cut so a row fits one line. */
export function formatTable<T>(rows: T[], columns: Column<T>[], maxWidth?: number): string[] {
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((row) => (row[i] as string).length)),
  );
  if (maxWidth)
    fitWidths(
      widths,
      columns.map((c) => c.header.length),
      maxWidth,
    );
  const line = (row: string[]) =>
    row
      .map((cell, i) => fit(cell, widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header.toUpperCase())), ...cells.map(line)];
}

/** Shrinks the widest columns until the row fits, never below the header's width. */
function fitWidths(widths: number[], minimums: number[], maxWidth: number): void {
  const total = () => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  while (total() > maxWidth) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] as number) <= Math.max(minimums[widest] as number, 8)) return;
    widths[widest] = (widths[widest] as number) - 1;
  }
}

function fit(cell: string, width: number): string {
  return cell.length > width ? `${cell.slice(0, width - 1)}…` : cell.padEnd(width);
}

export function printTable<T>(output: Output, rows: T[], columns: Column<T>[]): void {
  if (rows.length === 0) {
    output.out(output.paint('dim', 'Nothing here.'));
    return;
  }
  const width = output.interactive ? process.stdout.columns : undefined;
  const [header, ...lines] = formatTable(rows, columns, width);
  output.out(output.paint('bold', header as string));
  for (const line of lines) output.out(line);
}

/** One object as "label  value" lines. */
export function printFields(output: Output, fields: [string, unknown][]): void {
  const width = Math.max(...fields.map(([label]) => label.length));
  for (const [label, value] of fields) {
    output.out(`${output.paint('bold', label.padEnd(width))}  ${cellText(value)}`);
  }
}

/** One object: the API's JSON with --json, else `fields` as "label  value" lines. */
export function printObject<T>(output: Output, value: T, fields: (value: T) => [string, unknown][]): void {
  if (output.json) printJson(output, value);
  else printFields(output, fields(value));
}
