import { codeOf, type QrCode } from '@site/src/api/codes';
import ProblemMessage from '@site/src/components/ProblemMessage';
import {
  type BulkOutcome,
  bulkChangeMatching,
  bulkDelete,
  bulkUpdate,
  type CodePatch,
  type MatchingCodes,
} from '@site/src/features/codes/api/bulk';
import { retagged } from '@site/src/features/codes/model/table';
import { rq } from '@site/src/lib/api';
import { counted } from '@site/src/lib/counted';
import { type CodeSelection, downloadSheet, downloadZip, type SheetOptions } from '@site/src/lib/downloads';
import { useApiGet } from '@site/src/lib/serverData';
import { type FormEvent, useId, useState } from 'react';
import styles from './CodesTable.module.css';

/** The most codes `POST /designs/{id}/apply` takes at once. */
const APPLY_CHUNK = 100;

export type BulkAction = 'tag' | 'untag' | 'design' | 'enable' | 'disable' | 'delete' | 'zip' | 'sheet';

const ACTION_LABELS: Record<BulkAction, string> = {
  tag: 'Add a tag',
  untag: 'Remove a tag',
  design: 'Apply a saved design',
  enable: 'Enable',
  disable: 'Disable',
  delete: 'Delete',
  zip: 'Download images (ZIP)',
  sheet: 'Print sheet (PDF)',
};

/** What the selection is, as the actions need it. */
export interface BulkTarget {
  count: number;
  /** The selected codes themselves (all pages of "all matching" are read when asked). */
  codes(onProgress: (read: number) => void): Promise<QrCode[]>;
  /** `{ ids }` or, for every code matching the filters, `{ filter }` (the ZIP and the sheet). */
  selector(): Promise<CodeSelection>;
  /** "All N matching": the filters and the codes unticked, which bulk update and delete take as they are. */
  matching: MatchingCodes | null;
}

export interface BulkResult {
  message: string;
  changed: QrCode[];
  deleted: boolean;
}

function describeOutcome(verb: string, outcome: BulkOutcome, count: number): string {
  const ok = count - outcome.failures.length;
  const failed = outcome.failures.length;
  const first = outcome.failures[0];
  return `${verb} ${ok} of ${counted(count, 'code')}.${failed ? ` ${failed} failed: ${first?.detail ?? ''}` : ''}`;
}

/** Groups codes by the tags they will have, so each group is one bulk update. */
function retagGroups(codes: readonly QrCode[], tag: string, add: boolean): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const code of codes) {
    const next = retagged(code.tags, tag, add);
    if (next.join('\u0000') === code.tags.join('\u0000')) continue;
    const key = JSON.stringify(next);
    groups.set(key, [...(groups.get(key) ?? []), code.id]);
  }
  return groups;
}

/**
 * The actions on the selected codes: tags, a design, on and off, delete (typed confirmation),
 * and downloads of their images or a print sheet. Large selections go in chunks with a progress bar.
 */
export default function BulkActions({
  target,
  onDone,
}: {
  target: BulkTarget;
  onDone: (result: BulkResult) => void;
}) {
  const [action, setAction] = useState<BulkAction | ''>('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; of: number; what: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tag, setTag] = useState('');
  const [design, setDesign] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [format, setFormat] = useState<'svg' | 'png' | 'pdf' | 'eps'>('svg');
  const [cmyk, setCmyk] = useState(false);
  const [sheet, setSheet] = useState({ paper: 'A4', columns: 4, rows: 6, sizeMm: 30, caption: 'slug' });
  const ids = {
    action: useId(),
    tag: useId(),
    design: useId(),
    confirm: useId(),
    format: useId(),
    paper: useId(),
    columns: useId(),
    rows: useId(),
    size: useId(),
    caption: useId(),
  };
  const designs = useApiGet('/designs?limit=100', () =>
    rq.designs.list({ params: { query: { limit: 100 } } }),
  );
  const count = target.count;
  const plural = counted(count, 'code');

  const read = async () =>
    target.codes((n) => setProgress({ done: n, of: count, what: 'Reading the selected codes' }));

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await perform(action));
      setConfirmation('');
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  /**
   * Patches (or, with null, deletes) the selection: "all N matching" by its filters, so the codes
   * need not be read first; picked codes by their ids. Answers what was done, of how many codes.
   */
  const changeSelected = async (
    patch: CodePatch | null,
    onProgress: (done: number) => void,
  ): Promise<{ outcome: BulkOutcome; of: number }> => {
    if (target.matching) {
      const outcome = await bulkChangeMatching(target.matching, patch, onProgress);
      return { outcome, of: outcome.done.length + outcome.deleted + outcome.failures.length };
    }
    const ids = (await read()).map((code) => code.id);
    const outcome = patch ? await bulkUpdate(ids, patch, onProgress) : await bulkDelete(ids, onProgress);
    return { outcome, of: ids.length };
  };

  const perform = async (chosen: BulkAction): Promise<BulkResult> => {
    const step = (what: string, of: number) => (done: number) => setProgress({ done, of, what });
    switch (chosen) {
      case 'tag':
      case 'untag': {
        const codes = await read();
        const add = chosen === 'tag';
        const outcome: BulkOutcome = { done: [], deleted: 0, failures: [] };
        let sent = 0;
        for (const [tags, group] of retagGroups(codes, tag.trim(), add)) {
          await bulkUpdate(group, { tags: JSON.parse(tags) as string[] }, () => {}, outcome);
          sent += group.length;
          step('Changing tags', codes.length)(sent);
        }
        const verb = add ? `Tagged “${tag.trim()}”:` : `Removed “${tag.trim()}” from`;
        return {
          message: describeOutcome(verb, outcome, codes.length),
          changed: outcome.done,
          deleted: false,
        };
      }
      case 'enable':
      case 'disable': {
        const patch = { enabled: chosen === 'enable' };
        const progress = step(chosen === 'enable' ? 'Enabling' : 'Disabling', count);
        const { outcome, of } = await changeSelected(patch, progress);
        const verb = chosen === 'enable' ? 'Enabled' : 'Disabled';
        return { message: describeOutcome(verb, outcome, of), changed: outcome.done, deleted: false };
      }
      case 'delete': {
        const { outcome, of } = await changeSelected(null, step('Deleting', count));
        return { message: describeOutcome('Deleted', outcome, of), changed: [], deleted: true };
      }
      case 'design': {
        const codes = await read();
        const changed: QrCode[] = [];
        for (let i = 0; i < codes.length; i += APPLY_CHUNK) {
          const chunk = codes.slice(i, i + APPLY_CHUNK).map((code) => code.id);
          const answer = await rq.designs.apply({ params: { path: { id: design } }, body: { codes: chunk } });
          changed.push(...answer.data.map(codeOf));
          step('Applying the design', codes.length)(Math.min(codes.length, i + APPLY_CHUNK));
        }
        const name = designs.data?.data.find((d) => d.id === design)?.name ?? design;
        return {
          message: `Applied “${name}” to ${changed.length} of ${counted(codes.length, 'code')}.`,
          changed,
          deleted: false,
        };
      }
      case 'zip': {
        setProgress({ done: 0, of: 0, what: 'Preparing the ZIP' });
        await downloadZip(await target.selector(), format, { cmyk });
        return {
          message: `Downloaded the ${format.toUpperCase()} images of ${plural} as a ZIP.`,
          changed: [],
          deleted: false,
        };
      }
      case 'sheet': {
        setProgress({ done: 0, of: 0, what: 'Preparing the print sheet' });
        await downloadSheet(await target.selector(), {
          paper: sheet.paper as SheetOptions['paper'],
          columns: sheet.columns,
          rows: sheet.rows,
          sizeMm: sheet.sizeMm,
          caption: sheet.caption === 'none' ? null : (sheet.caption as SheetOptions['caption']),
          cmyk,
        });
        return { message: `Downloaded the print sheet of ${plural}.`, changed: [], deleted: false };
      }
    }
  };

  const ready =
    action !== '' &&
    count > 0 &&
    ((action !== 'tag' && action !== 'untag') || tag.trim() !== '') &&
    (action !== 'design' || design !== '') &&
    (action !== 'delete' || confirmation.trim() === String(count));

  return (
    <form className={styles.bulkForm} aria-label="Bulk actions" onSubmit={run}>
      <label htmlFor={ids.action}>
        Action
        <select
          id={ids.action}
          value={action}
          onChange={(event) => setAction(event.target.value as BulkAction | '')}
        >
          <option value="">Choose…</option>
          {(Object.keys(ACTION_LABELS) as BulkAction[]).map((key) => (
            <option key={key} value={key}>
              {ACTION_LABELS[key]}
            </option>
          ))}
        </select>
      </label>
      {(action === 'tag' || action === 'untag') && (
        <label htmlFor={ids.tag}>
          Tag
          <input id={ids.tag} value={tag} maxLength={50} onChange={(event) => setTag(event.target.value)} />
        </label>
      )}
      {action === 'design' && (
        <label htmlFor={ids.design}>
          Design
          <select id={ids.design} value={design} onChange={(event) => setDesign(event.target.value)}>
            <option value="">Choose a design…</option>
            {designs.data?.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {action === 'delete' && (
        <label htmlFor={ids.confirm}>
          Type {count} to delete {plural}
          <input
            id={ids.confirm}
            inputMode="numeric"
            autoComplete="off"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </label>
      )}
      {action === 'zip' && (
        <label htmlFor={ids.format}>
          Format
          <select
            id={ids.format}
            value={format}
            onChange={(event) => setFormat(event.target.value as typeof format)}
          >
            <option value="svg">SVG</option>
            <option value="png">PNG</option>
            <option value="pdf">PDF</option>
            <option value="eps">EPS</option>
          </select>
        </label>
      )}
      {action === 'sheet' && (
        <>
          <label htmlFor={ids.paper}>
            Paper
            <select
              id={ids.paper}
              value={sheet.paper}
              onChange={(event) => setSheet({ ...sheet, paper: event.target.value })}
            >
              <option value="A4">A4</option>
              <option value="letter">Letter</option>
            </select>
          </label>
          <label htmlFor={ids.columns}>
            Columns
            <input
              id={ids.columns}
              type="number"
              min={1}
              max={20}
              value={sheet.columns}
              onChange={(event) => setSheet({ ...sheet, columns: Number(event.target.value) })}
            />
          </label>
          <label htmlFor={ids.rows}>
            Rows
            <input
              id={ids.rows}
              type="number"
              min={1}
              max={30}
              value={sheet.rows}
              onChange={(event) => setSheet({ ...sheet, rows: Number(event.target.value) })}
            />
          </label>
          <label htmlFor={ids.size}>
            Symbol size (mm)
            <input
              id={ids.size}
              type="number"
              min={10}
              max={200}
              value={sheet.sizeMm}
              onChange={(event) => setSheet({ ...sheet, sizeMm: Number(event.target.value) })}
            />
          </label>
          <label htmlFor={ids.caption}>
            Caption
            <select
              id={ids.caption}
              value={sheet.caption}
              onChange={(event) => setSheet({ ...sheet, caption: event.target.value })}
            >
              <option value="slug">Slug</option>
              <option value="title">Title</option>
              <option value="none">None</option>
            </select>
          </label>
        </>
      )}
      {(action === 'sheet' || (action === 'zip' && (format === 'pdf' || format === 'eps'))) && (
        <label>
          <span>
            <input type="checkbox" checked={cmyk} onChange={(event) => setCmyk(event.target.checked)} /> CMYK
          </span>
        </label>
      )}
      <button
        type="submit"
        className={`button button--sm ${action === 'delete' ? 'button--danger' : 'button--primary'}`}
        disabled={!ready || busy}
      >
        {action === 'delete' ? `Delete ${plural}` : `Apply to ${plural}`}
      </button>
      {progress && (
        <div className={styles.progress}>
          <label>
            {progress.what}
            {progress.of > 0 ? ` (${progress.done} of ${progress.of})` : '…'}
            <progress max={progress.of || undefined} value={progress.of ? progress.done : undefined} />
          </label>
        </div>
      )}
      <ProblemMessage error={error} />
    </form>
  );
}
