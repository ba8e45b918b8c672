import Link from '@docusaurus/Link';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { postImportChunk } from '@site/src/features/codes/api/import';
import {
  FIELD_LABELS,
  fileLineOf,
  guessMapping,
  type Mapping,
  OUR_FIELDS,
  readSource,
  type SourceFile,
  toOurCsv,
} from '@site/src/features/codes/model/importFile';
import { type ChangeEvent, useId, useState } from 'react';
import tableStyles from './CodesTable.module.css';

/** Rows a request carries: the bar moves every chunk, and no request is large. */
const CHUNK_ROWS = 500;

interface RowError {
  line: number;
  message: string;
}

interface Totals {
  rows: number;
  created: number;
  skipped: number;
  errors: RowError[];
}

/**
 * Import codes from a file: upload (our CSV or a peer's CSV or JSON export), map its columns to our
 * fields, preview a dry run with each row's problem (at the row's line in the file), then import
 * a chunk at a time with a progress bar.
 */
export default function ImportWizard() {
  const [fileName, setFileName] = useState('');
  const [source, setSource] = useState<SourceFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [readError, setReadError] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [preview, setPreview] = useState<Totals | null>(null);
  const [result, setResult] = useState<Totals | null>(null);
  const [error, setError] = useState<unknown>(null);
  const fileId = useId();
  const fieldIds = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setSource(null);
    setPreview(null);
    setResult(null);
    setReadError('');
    if (!file) return;
    setFileName(file.name);
    try {
      const read = readSource(await file.text());
      setSource(read);
      setMapping(guessMapping(read.columns));
    } catch (caught) {
      setReadError(caught instanceof Error ? caught.message : 'The file could not be read.');
    }
  };

  const run = async (dryRun: boolean) => {
    if (!source) return;
    const chunks = toOurCsv(source, mapping, CHUNK_ROWS);
    const totals: Totals = { rows: 0, created: 0, skipped: 0, errors: [] };
    setBusy(true);
    setError(null);
    if (dryRun) setPreview(null);
    else setResult(null);
    setProgress({ done: 0, of: source.rows.length });
    try {
      let done = 0;
      for (const chunk of chunks) {
        const answer = await postImportChunk(chunk.csv, dryRun);
        totals.rows += answer.rows;
        totals.created += answer.created;
        totals.skipped += answer.skipped;
        for (const item of answer.errors) {
          totals.errors.push({
            line: fileLineOf(chunk, item.row),
            message: item.problem.detail ?? item.problem.title ?? item.problem.code ?? 'refused',
          });
        }
        done += chunk.lines.length;
        setProgress({ done, of: source.rows.length });
      }
      if (dryRun) setPreview(totals);
      else setResult(totals);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const where = source?.kind === 'json' ? 'item' : 'line';
  const sample = source?.rows.slice(0, 5) ?? [];
  const mapped = OUR_FIELDS.filter((field) => mapping[field] !== undefined);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '1.5rem' }}>
      <section className="rq-card" aria-labelledby="import-file">
        <h2 id="import-file">1. Choose a file</h2>
        <p>
          Our CSV export, or an export of Bitly, Shlink, Kutt or YOURLS (CSV or JSON). Nothing is created
          until you press Import.
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
        <section className="rq-card" aria-labelledby="import-map">
          <h2 id="import-map">2. Map the columns</h2>
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
                    setMapping(next);
                    setPreview(null);
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
                    <th scope="col">{where === 'line' ? 'Line' : 'Item'}</th>
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
        </section>
      )}

      {source && (
        <section className="rq-card" aria-labelledby="import-run">
          <h2 id="import-run">3. Check, then import</h2>
          <div className={formStyles.row}>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || mapping.target === undefined}
              onClick={() => void run(true)}
            >
              Check the file (dry run)
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || mapping.target === undefined}
              onClick={() => void run(false)}
            >
              Import {source.rows.length} rows
            </button>
          </div>
          {progress && (
            <label className={tableStyles.progress}>
              {busy ? 'Sending' : 'Sent'} {progress.done} of {progress.of} rows
              <progress max={progress.of} value={progress.done} data-testid="import-progress" />
            </label>
          )}
          <ProblemMessage error={error} />
          {preview && (
            <Report
              title="Dry run"
              summary={`${preview.rows - preview.errors.length} of ${preview.rows} rows would be imported; ${preview.errors.length} have a problem.`}
              totals={preview}
              where={where}
              testId="import-preview"
            />
          )}
          {result && (
            <Report
              title="Imported"
              summary={`Created ${result.created} codes, skipped ${result.skipped}, ${result.errors.length} rows with a problem.`}
              totals={result}
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

function Report({
  title,
  summary,
  totals,
  where,
  testId,
}: {
  title: string;
  summary: string;
  totals: Totals;
  where: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <h3>{title}</h3>
      <p role="status">{summary}</p>
      {totals.errors.length > 0 && (
        <ul aria-label="Rows with problems">
          {totals.errors.slice(0, 200).map((item) => (
            <li key={`${item.line}-${item.message}`} data-testid="import-error">
              {where === 'line' ? 'Line' : 'Item'} {item.line}: {item.message}
            </li>
          ))}
        </ul>
      )}
      {totals.errors.length > 200 && <p>…and {totals.errors.length - 200} more.</p>}
    </div>
  );
}
