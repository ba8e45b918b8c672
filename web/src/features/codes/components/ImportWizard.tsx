import Link from '@docusaurus/Link';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { type ImportOutcome, postImport } from '@site/src/features/codes/api/import';
import {
  detectFormat,
  FIELD_LABELS,
  fileLineOf,
  guessMapping,
  type ImportChunk,
  importChunks,
  type Mapping,
  OUR_FIELDS,
  READ_AS,
  READ_AS_LABELS,
  type ReadAs,
  readable,
  readSource,
  rowProblemText,
  type SourceFile,
} from '@site/src/features/codes/model/importFile';
import { counted } from '@site/src/lib/counted';
import { type ChangeEvent, useId, useState } from 'react';
import tableStyles from './CodesTable.module.css';

/** Rows a request carries in a per-row import: the bar moves every chunk, and no request is large. */
const CHUNK_ROWS = 500;

interface RowNote {
  line: number;
  text: string;
}

/** What the page shows of a dry run or an import: the counts, each row with a problem and each row changed. */
interface RowsReport {
  rows: number;
  created: number;
  skipped: number;
  /** The whole file was refused (all or nothing): nothing was created. */
  refused: boolean;
  problems: RowNote[];
  changes: RowNote[];
}

const emptyReport = (): RowsReport => ({
  rows: 0,
  created: 0,
  skipped: 0,
  refused: false,
  problems: [],
  changes: [],
});

/** Adds one request's outcome to the report, each row at its line in the user's file. */
function addOutcome(report: RowsReport, chunk: ImportChunk, outcome: ImportOutcome): void {
  if ('refusal' in outcome) {
    report.refused = true;
    report.rows += outcome.refusal.rows;
    report.skipped += outcome.refusal.rows;
    for (const { row, problem } of outcome.refusal.failedRows)
      report.problems.push({ line: fileLineOf(chunk, row), text: rowProblemText(problem) });
    return;
  }
  const { report: answer } = outcome;
  report.rows += answer.rows;
  report.created += answer.created;
  report.skipped += answer.skipped;
  for (const { row, problem } of answer.errors)
    report.problems.push({ line: fileLineOf(chunk, row), text: rowProblemText(problem) });
  for (const change of answer.changes)
    report.changes.push({ line: fileLineOf(chunk, change.row), text: change.message });
}

/** What reading a file as each known format keeps. */
const READ_AS_HELP: Record<Exclude<ReadAs, 'columns'>, string> = {
  csv: 'Every column of our export is kept: style, rules, link controls, slugs and hostnames.',
  json: 'Every field of our export is kept: style, rules, link controls, slugs and hostnames.',
  bitly: 'The slug is the back-half of each short link (bit.ly/abc), as rq import --format bitly reads it.',
  shlink: 'The slug is each short code and the hostname its domain, as rq import --format shlink reads it.',
  kutt: 'The slug is each link’s address and the hostname its domain, as rq import --format kutt reads it.',
  yourls: 'The slug is each keyword, as rq import --format yourls reads it.',
};

/**
 * Import codes from a file: upload (our export, a peer's CSV or JSON export, or any list), say how
 * to read it (detected from its columns; any other file has its columns mapped to our fields),
 * check it with a dry run that names each row's problem and each row the import changes, then
 * import: all or nothing, or only the rows without problems.
 */
export default function ImportWizard() {
  const [fileName, setFileName] = useState('');
  const [source, setSource] = useState<SourceFile | null>(null);
  const [readAs, setReadAs] = useState<ReadAs>('columns');
  const [mapping, setMapping] = useState<Mapping>({});
  const [readError, setReadError] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; of: number; whole: boolean } | null>(null);
  const [preview, setPreview] = useState<RowsReport | null>(null);
  const [result, setResult] = useState<RowsReport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const fileId = useId();
  const readAsId = useId();
  const fieldIds = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setSource(null);
    setPreview(null);
    setResult(null);
    setProgress(null);
    setReadError('');
    if (!file) return;
    setFileName(file.name);
    try {
      const read = readSource(await file.text());
      setSource(read);
      setReadAs(detectFormat(read));
      setMapping(guessMapping(read.columns));
    } catch (caught) {
      setReadError(caught instanceof Error ? caught.message : 'The file could not be read.');
    }
  };

  /** A dry run, an all-or-nothing import (one request: the whole file), or a per-row import in chunks. */
  const run = async (mode: 'check' | 'import' | 'perRow') => {
    if (!source) return;
    const chunks = importChunks(source, readAs, mapping, mode === 'perRow' ? CHUNK_ROWS : undefined);
    const report = emptyReport();
    setBusy(true);
    setError(null);
    if (mode === 'check') setPreview(null);
    setResult(null);
    setProgress({ done: 0, of: source.rows.length, whole: chunks.length === 1 });
    try {
      let done = 0;
      for (const chunk of chunks) {
        const outcome = await postImport(chunk, { dryRun: mode === 'check', atomic: mode !== 'perRow' });
        addOutcome(report, chunk, outcome);
        done += chunk.lines.length;
        setProgress({ done, of: source.rows.length, whole: chunks.length === 1 });
      }
      if (mode === 'check') setPreview(report);
      else setResult(report);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const where = source?.kind === 'json' ? 'Item' : 'Line';
  const sample = source?.rows.slice(0, 5) ?? [];
  const mapped = OUR_FIELDS.filter((field) => mapping[field] !== undefined);
  const ready =
    source !== null && readable(source, readAs) && (readAs !== 'columns' || mapped.includes('target'));
  // Rows that pass, from the last report that named problems: what a per-row import would make.
  const lastReport = result?.refused ? result : preview;
  const passing = lastReport ? lastReport.rows - new Set(lastReport.problems.map((p) => p.line)).size : 0;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '1.5rem' }}>
      <section className="rq-card" aria-labelledby="import-file">
        <h2 id="import-file">1. Choose a file</h2>
        <p>
          Our CSV or JSON export, an export of Bitly, Shlink, Kutt or YOURLS, or any CSV or JSON list of
          links. Nothing is created until you press Import.
        </p>
        <div className={formStyles.field}>
          <label htmlFor={fileId}>File to import</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => void choose(event)}
          />
        </div>
        {readError && (
          <p className="rq-error" role="alert">
            {fileName}: {readError}
          </p>
        )}
        {source && (
          <p role="status">
            {fileName}: {source.rows.length} rows, columns {source.columns.join(', ')}.
          </p>
        )}
      </section>

      {source && (
        <section className="rq-card" aria-labelledby="import-read">
          <h2 id="import-read">2. How to read it</h2>
          <div className={formStyles.field}>
            <label htmlFor={readAsId}>Read the file as</label>
            <select
              id={readAsId}
              value={readAs}
              onChange={(event) => {
                setReadAs(event.target.value as ReadAs);
                setPreview(null);
                setResult(null);
              }}
            >
              {READ_AS.filter((format) => readable(source, format)).map((format) => (
                <option key={format} value={format}>
                  {READ_AS_LABELS[format]}
                </option>
              ))}
            </select>
          </div>
          {readAs !== 'columns' ? (
            <p data-testid="import-read-as">
              {READ_AS_HELP[readAs]} A hostname is kept when it is a verified hostname of this workspace; any
              other row goes on the primary short host, and the check lists each such row.
            </p>
          ) : (
            <ColumnMapping
              source={source}
              mapping={mapping}
              fieldIds={fieldIds}
              where={where}
              sample={sample}
              onChange={(next) => {
                setMapping(next);
                setPreview(null);
              }}
            />
          )}
        </section>
      )}

      {source && (
        <section className="rq-card" aria-labelledby="import-run">
          <h2 id="import-run">3. Check, then import</h2>
          <p>
            An import is all or nothing: while a row has a problem it creates nothing. After a check you may
            import only the rows without problems instead.
          </p>
          <div className={formStyles.row}>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || !ready}
              onClick={() => void run('check')}
            >
              Check the file (dry run)
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || !ready}
              onClick={() => void run('import')}
            >
              Import {counted(source.rows.length, 'row')}
            </button>
            {lastReport && lastReport.problems.length > 0 && passing > 0 && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || !ready}
                onClick={() => void run('perRow')}
              >
                Import the {counted(passing, 'row')} without problems
              </button>
            )}
          </div>
          {progress && (
            <label className={tableStyles.progress}>
              {busy ? 'Sending' : 'Sent'} {busy && progress.whole ? progress.of : progress.done} of{' '}
              {counted(progress.of, 'row')}
              {/* One request for the whole file has no steps to show until it is answered. */}
              <progress
                max={progress.of}
                value={busy && progress.whole ? undefined : progress.done}
                data-testid="import-progress"
              />
            </label>
          )}
          <ProblemMessage error={error} />
          {preview && (
            <Report
              title="Dry run"
              summary={`Can be imported: ${preview.created} of ${counted(preview.rows, 'row')}. With a problem: ${preview.problems.length}. Changed: ${preview.changes.length}.`}
              report={preview}
              where={where}
              testId="import-preview"
            />
          )}
          {result && (
            <Report
              title={result.refused ? 'Nothing imported' : 'Imported'}
              summary={
                result.refused
                  ? `Nothing was imported: ${result.problems.length} of ${counted(result.rows, 'row')} ${result.problems.length === 1 ? 'has' : 'have'} a problem. Fix them, or import the rows without problems.`
                  : `Created ${counted(result.created, 'code')} of ${counted(result.rows, 'row')}. With a problem: ${result.problems.length}. Changed: ${result.changes.length}.`
              }
              report={result}
              where={where}
              testId="import-result"
            />
          )}
          {result && result.created > 0 && (
            <p>
              <Link to="/codes?sort=-createdAt">See the new codes</Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function ColumnMapping({
  source,
  mapping,
  fieldIds,
  where,
  sample,
  onChange,
}: {
  source: SourceFile;
  mapping: Mapping;
  fieldIds: string;
  where: string;
  sample: SourceFile['rows'];
  onChange: (mapping: Mapping) => void;
}) {
  const mapped = OUR_FIELDS.filter((field) => mapping[field] !== undefined);
  return (
    <>
      <div className={formStyles.row}>
        {OUR_FIELDS.map((field) => (
          <div key={field} className={formStyles.field}>
            <label htmlFor={`${fieldIds}-${field}`}>
              {FIELD_LABELS[field]}
              {field === 'target' ? ' (required)' : ''}
            </label>
            <select
              id={`${fieldIds}-${field}`}
              value={mapping[field] ?? ''}
              onChange={(event) => {
                const next = { ...mapping };
                if (event.target.value) next[field] = event.target.value;
                else delete next[field];
                onChange(next);
              }}
            >
              <option value="">Not imported</option>
              {source.columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {mapped.length > 0 && (
        <div className={tableStyles.scroller}>
          <table className={tableStyles.table}>
            <caption>The first rows as they will be imported</caption>
            <thead>
              <tr>
                <th scope="col">{where}</th>
                {mapped.map((field) => (
                  <th key={field} scope="col">
                    {FIELD_LABELS[field]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sample.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  {mapped.map((field) => (
                    <td key={field}>{row.values[mapping[field] as string]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The rows a report names, at most this many a list (the rest counted). */
const LISTED = 200;

function Report({
  title,
  summary,
  report,
  where,
  testId,
}: {
  title: string;
  summary: string;
  report: RowsReport;
  where: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <h3>{title}</h3>
      <p role="status">{summary}</p>
      <RowNotes label="Rows with problems" notes={report.problems} where={where} testId="import-error" />
      <RowNotes label="Rows changed" notes={report.changes} where={where} testId="import-change" />
    </div>
  );
}

function RowNotes({
  label,
  notes,
  where,
  testId,
}: {
  label: string;
  notes: RowNote[];
  where: string;
  testId: string;
}) {
  if (notes.length === 0) return null;
  const sorted = [...notes].sort((a, b) => a.line - b.line);
  return (
    <>
      <h4>{label}</h4>
      <ul aria-label={label}>
        {sorted.slice(0, LISTED).map((note) => (
          <li key={`${note.line}-${note.text}`} data-testid={testId}>
            {where} {note.line}: {note.text}
          </li>
        ))}
      </ul>
      {notes.length > LISTED && <p>…and {notes.length - LISTED} more.</p>}
    </>
  );
}
