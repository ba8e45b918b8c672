import { Problem } from '../../shared/problem.js';

/**
 * CSV as RFC 4180 writes it (quoted fields, "" inside quotes, line breaks inside quotes), read
 * leniently the way spreadsheets write it: a byte order mark, CRLF or LF, and `;` or a tab as the
 * separator when the header line uses one instead of commas. Pure: text in, cells out. (Writing is
 * the server's one CSV writer, shared/csv.ts.)
 */

export interface CsvTable {
  header: string[];
  /** The data rows (the header excluded); row n of the file's data is `rows[n - 1]`. */
  rows: string[][];
}

/** The separator the header line uses: the most frequent of , ; and tab outside quotes. */
function separatorOf(text: string): string {
  const end = text.search(/\r?\n/);
  const firstLine = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((sep) => [sep, firstLine.split(sep).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** A file-level problem: the file cannot be read past `row` (0: the header). */
function unreadable(row: number, column: string | undefined, message: string): Problem {
  const where = row === 0 ? 'the header' : `row ${row}`;
  const at = column === undefined ? '' : `, column ${column}`;
  return new Problem('bad_request', `The CSV file cannot be read at ${where}${at}: ${message}.`, {
    errors: [{ path: '/body', message: `${where}${at}: ${message}` }],
    extensions: { row, ...(column === undefined ? {} : { column }) },
  });
}

/**
 * Splits the text into records. Throws a 400 naming the row (1-based data row; 0 is the header)
 * and column of an unterminated quote, the one thing that leaves the rest of a file unreadable.
 */
export function parseCsv(input: string): CsvTable {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const sep = separatorOf(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '"' && field === '') {
      const close = closingQuote(text, i + 1);
      if (close === -1) {
        throw unreadable(
          records.length,
          columnName(records[0], record.length),
          'a quoted field is never closed',
        );
      }
      field = text.slice(i + 1, close).replaceAll('""', '"');
      i = close + 1;
      // Anything between the closing quote and the separator is kept, as spreadsheets do.
      while (i < text.length && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      continue;
    }
    if (char === sep) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (char === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += char;
    }
    i++;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const nonBlank = records.filter((cells) => !(cells.length === 1 && cells[0]?.trim() === ''));
  const [header, ...rows] = nonBlank;
  if (!header) throw unreadable(0, undefined, 'the file is empty (a header line is needed)');
  return { header: header.map((name) => name.trim()), rows };
}

function closingQuote(text: string, from: number): number {
  let i = from;
  for (;;) {
    const next = text.indexOf('"', i);
    if (next === -1) return -1;
    if (text[next + 1] === '"') {
      i = next + 2;
      continue;
    }
    return next;
  }
}

function columnName(header: string[] | undefined, index: number): string {
  return header?.[index] ?? String(index + 1);
}
