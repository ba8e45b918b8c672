import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import ScrollableCode from '@site/src/components/ScrollableCode';
import { rq } from '@site/src/lib/api';
import { useApiGet } from '@site/src/lib/serverData';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Gs1Item, Gs1Simulation } from '../api/items';
import { COMMON_LINK_TYPES, isTemplate } from '../model/itemDraft';
import { answerSentence, PHONES, type ScanDraft, scanBody } from '../model/scanTest';
import styles from './Gs1.module.css';

const OTHER = 'other';
const FIRST_PHONE = PHONES[0] as (typeof PHONES)[number];
/** How long the preview waits after the last keystroke in the lot or serial before asking again. */
const PREVIEW_DELAY_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The lot and serial of the item's first level, templates given a sample value, to start from. */
function firstLevel(item: Gs1Item): Pick<ScanDraft, 'lot' | 'serial'> {
  const qualifiers = item.levels[0]?.qualifiers ?? [];
  const value = (ai: string, sample: string) => {
    const found = qualifiers.find((q) => q.ai === ai)?.value ?? '';
    return isTemplate(found) ? sample : found;
  };
  return { lot: value('10', 'LOT01'), serial: value('21', 'SERIAL01') };
}

/** The answer of a simulated scan: where the phone goes, or the tie, or why nothing answers. */
function Answer({ answer }: { answer: Gs1Simulation }) {
  return (
    <div className={styles.result} data-testid="gs1-scan-result" data-status={answer.status}>
      <p>
        <strong>Scanned: </strong>
        <code>{answer.uri}</code>
      </p>
      <p>
        <strong>Answer: </strong>
        <span data-testid="gs1-scan-answer">{answerSentence(answer)}</span>
      </p>
      {answer.location && (
        <p>
          <strong>Goes to: </strong>
          <a href={answer.location} data-testid="gs1-scan-location" rel="noopener noreferrer" target="_blank">
            {answer.location}
          </a>
        </p>
      )}
      {answer.candidates.length > 1 && (
        <>
          <p>
            <strong>Chosen among:</strong>
          </p>
          <ul>
            {answer.candidates.map((link) => (
              <li key={`${link.href} ${link.hreflang?.join(',') ?? ''} ${link.context?.join(',') ?? ''}`}>
                “{link.title}” ({link.linkType}
                {link.hreflang ? `, ${link.hreflang.join(', ')}` : ''}
                {link.context ? `, context ${link.context.join(', ')}` : ''}): <code>{link.href}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The item as a resolver sees it: a live linkset preview (what `linkType=linkset` answers for the
 * lot and serial typed, read again when the item is saved), and "Test a scan", which asks the
 * server's resolver decision (POST /gs1/items/{id}/simulate) what a phone with this language,
 * link type and context would get. Nothing is recorded.
 */
export default function ScanPanel({ item }: { item: Gs1Item }) {
  const id = useId();
  const [draft, setDraft] = useState<ScanDraft>(() => ({
    ...firstLevel(item),
    userAgent: FIRST_PHONE.userAgent,
    language: FIRST_PHONE.language,
    linkType: '',
    context: '',
    at: '',
    password: '',
  }));
  const [phone, setPhone] = useState<string>(FIRST_PHONE.id);
  const [answer, setAnswer] = useState<Gs1Simulation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = (change: Partial<ScanDraft>) => setDraft((old) => ({ ...old, ...change }));

  const level = useDebounced({ lot: draft.lot, serial: draft.serial }, PREVIEW_DELAY_MS);
  const previewBody = scanBody({ ...level, userAgent: '', language: '', linkType: '', context: '' });
  const preview = useApiGet(
    `/gs1/items/${item.id}/linkset?${new URLSearchParams({ ...level, at: item.updatedAt })}`,
    () => rq.gs1.simulateItem({ params: { path: { id: item.id } }, body: previewBody }),
  );

  const linkTypes = [
    ...new Set([...item.links, ...item.levels.flatMap((l) => l.links)].map((link) => link.linkType)),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setAnswer(await rq.gs1.simulateItem({ params: { path: { id: item.id } }, body: scanBody(draft) }));
    } catch (caught) {
      setAnswer(null);
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.tools}>
      <section aria-labelledby={`${id}-test`}>
        <h3 id={`${id}-test`}>Test a scan</h3>
        <form className={formStyles.form} onSubmit={(event) => void submit(event)} aria-label="Test a scan">
          <div className={formStyles.row}>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-lot`}>Lot</label>
              <input
                id={`${id}-lot`}
                value={draft.lot}
                spellCheck={false}
                onChange={(event) => set({ lot: event.target.value })}
              />
            </div>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-serial`}>Serial</label>
              <input
                id={`${id}-serial`}
                value={draft.serial}
                spellCheck={false}
                onChange={(event) => set({ serial: event.target.value })}
              />
            </div>
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-phone`}>Phone</label>
            <select
              id={`${id}-phone`}
              value={phone}
              onChange={(event) => {
                const chosen = PHONES.find((candidate) => candidate.id === event.target.value);
                setPhone(event.target.value);
                if (chosen) set({ userAgent: chosen.userAgent, language: chosen.language });
              }}
            >
              {PHONES.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.label}
                </option>
              ))}
              <option value={OTHER}>Another (type its headers)</option>
            </select>
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-ua`}>User agent</label>
            <input
              id={`${id}-ua`}
              value={draft.userAgent}
              spellCheck={false}
              onChange={(event) => {
                setPhone(OTHER);
                set({ userAgent: event.target.value });
              }}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-language`}>Accept-Language</label>
            <input
              id={`${id}-language`}
              value={draft.language}
              spellCheck={false}
              onChange={(event) => {
                setPhone(OTHER);
                set({ language: event.target.value });
              }}
            />
          </div>
          <div className={formStyles.row}>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-type`}>Link type</label>
              <input
                id={`${id}-type`}
                value={draft.linkType}
                list={`${id}-types`}
                placeholder="the default link"
                spellCheck={false}
                onChange={(event) => set({ linkType: event.target.value })}
              />
              <datalist id={`${id}-types`}>
                {[...linkTypes, 'linkset', ...COMMON_LINK_TYPES.map((type) => type.value)]
                  .filter((value, index, all) => all.indexOf(value) === index)
                  .map((value) => (
                    <option key={value} value={value} />
                  ))}
              </datalist>
            </div>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-context`}>Context</label>
              <input
                id={`${id}-context`}
                value={draft.context}
                spellCheck={false}
                onChange={(event) => set({ context: event.target.value })}
              />
            </div>
          </div>
          <div className={formStyles.row}>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-at`}>When</label>
              <input
                id={`${id}-at`}
                type="datetime-local"
                value={draft.at}
                aria-describedby={`${id}-at-hint`}
                onChange={(event) => set({ at: event.target.value })}
              />
              <span id={`${id}-at-hint`} className={formStyles.hint}>
                Empty: now. The item's schedule and expiry read it.
              </span>
            </div>
            {item.controls.passwordProtected && (
              <div className={formStyles.field}>
                <label htmlFor={`${id}-password`}>Password typed</label>
                <input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="off"
                  value={draft.password}
                  onChange={(event) => set({ password: event.target.value })}
                />
              </div>
            )}
          </div>
          <div className={formStyles.row}>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Testing…' : 'Test this scan'}
            </button>
          </div>
        </form>
        <ProblemMessage error={error} />
        {answer && <Answer answer={answer} />}
      </section>
      <section aria-labelledby={`${id}-linkset`}>
        <h3 id={`${id}-linkset`}>Linkset preview</h3>
        <p className={formStyles.hint}>
          What the resolver answers for <code>{preview.data?.uri ?? item.uri}</code> with{' '}
          <code>linkType=linkset</code> or <code>Accept: application/linkset+json</code>: every link of the
          level and the levels above it, valid against GS1's linkset schema.
        </p>
        {preview.error ? (
          <ProblemMessage error={preview.error} />
        ) : preview.data?.linkset ? (
          <ScrollableCode className={styles.preview} data-testid="gs1-linkset" aria-label="Linkset JSON">
            {JSON.stringify(preview.data.linkset, null, 2)}
          </ScrollableCode>
        ) : preview.data ? (
          <p data-testid="gs1-linkset-none">{answerSentence(preview.data)}</p>
        ) : (
          <p className={formStyles.hint}>Loading the linkset…</p>
        )}
        {preview.data && preview.data.linksetNotes.length > 0 && (
          <div className={styles.notes}>
            <p>To stay valid against GS1's schema, the linkset writes some stored values otherwise:</p>
            <ul>
              {preview.data.linksetNotes.map((note) => (
                <li key={`${note.anchor} ${note.href} ${note.field} ${note.from}`}>
                  {note.field} “{note.from}” of <code>{note.href}</code>:{' '}
                  {note.to === null ? 'left out' : `written “${note.to}”`} ({note.reason})
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
