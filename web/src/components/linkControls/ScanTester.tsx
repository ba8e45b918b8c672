import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { rq } from '@site/src/lib/api';
import { isoOfLocalInput, localInputOf, userTimeZone } from '@site/src/lib/linkControls';
import {
  DEVICE_PRESETS,
  decisionSentence,
  outcomeSentence,
  type ScanDraft,
  type SimulatedScan,
  simulateBody,
} from '@site/src/lib/scanTest';
import { useAction } from '@site/src/lib/useAction';
import { type FormEvent, useId, useState } from 'react';
import styles from './LinkControls.module.css';

const OTHER_DEVICE = 'other';
const FIRST_PRESET = DEVICE_PRESETS[0] as (typeof DEVICE_PRESETS)[number];

function emptyDraft(): ScanDraft & { device: string; time: string } {
  return {
    device: FIRST_PRESET.id,
    userAgent: FIRST_PRESET.userAgent,
    country: '',
    language: '',
    at: null,
    time: localInputOf(new Date().toISOString()),
    referrer: '',
    query: '',
    ip: '',
    scansBefore: '',
    password: '',
  };
}

/** The answer: where the scan goes, what decided it, and each rule's trace in words. */
function Result({ answer, ruleName }: { answer: SimulatedScan; ruleName: (id: string) => string }) {
  return (
    <div className={styles.result} data-testid="scan-result">
      <p>
        <strong>Goes to: </strong>
        <span data-testid="scan-target">{outcomeSentence(answer)}</span>
      </p>
      <p>
        <strong>Decided by: </strong>
        <span data-testid="scan-decided-by">{decisionSentence(answer, ruleName)}</span>
      </p>
      {answer.trace.length === 0 ? (
        <p className={formStyles.hint}>No rule was looked at.</p>
      ) : (
        <ol className={styles.trace} aria-label="Rules, in order">
          {answer.trace.map((step) => (
            <li key={step.rule} data-testid="scan-trace" data-matched={step.matched}>
              <span className={`badge ${step.matched ? 'badge--success' : 'badge--secondary'}`}>
                {step.matched ? 'Matched' : 'No match'}
              </span>{' '}
              “{ruleName(step.rule)}”: {step.because}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * "Test a scan": a device, country, language and time (and optionally referrer, query, IP, prior
 * scans and password) sent to POST /qrcodes/{id}/simulate, which records nothing and calls no exec
 * URL; the answer says where that scan would go and why.
 */
export default function ScanTester({
  codeId,
  ruleName = (id) => id,
  label = 'Test a scan',
}: {
  codeId: string;
  /** A rule's name by its id (the trace names rules by id). */
  ruleName?: (id: string) => string;
  /** The form's accessible name. */
  label?: string;
}) {
  const [draft, setDraft] = useState(emptyDraft);
  const [answer, setAnswer] = useState<SimulatedScan | null>(null);
  const { busy, error, run } = useAction();
  const id = useId();
  const ids = {
    device: `${id}-device`,
    userAgent: `${id}-ua`,
    country: `${id}-country`,
    language: `${id}-language`,
    time: `${id}-time`,
    zone: `${id}-zone`,
    referrer: `${id}-referrer`,
    query: `${id}-query`,
    ip: `${id}-ip`,
    scansBefore: `${id}-scans`,
    password: `${id}-password`,
  };
  const set = (change: Partial<typeof draft>) => setDraft((old) => ({ ...old, ...change }));

  const pickDevice = (device: string) => {
    const preset = DEVICE_PRESETS.find((candidate) => candidate.id === device);
    set(preset ? { device, userAgent: preset.userAgent } : { device });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tested = await run(async () => {
      const body = simulateBody({ ...draft, at: isoOfLocalInput(draft.time) });
      setAnswer(await rq.qrcodes.simulate({ params: { path: { id: codeId } }, body }));
    });
    if (!tested) setAnswer(null);
  };

  return (
    <form className={styles.tester} onSubmit={(event) => void submit(event)} aria-label={label}>
      <div className={styles.testerGrid}>
        <div className={formStyles.field}>
          <label htmlFor={ids.device}>Device</label>
          <select id={ids.device} value={draft.device} onChange={(event) => pickDevice(event.target.value)}>
            {DEVICE_PRESETS.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.label}
              </option>
            ))}
            <option value={OTHER_DEVICE}>Another (type its user agent)</option>
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.userAgent}>User agent</label>
          <input
            id={ids.userAgent}
            value={draft.userAgent}
            spellCheck={false}
            onChange={(event) => set({ device: OTHER_DEVICE, userAgent: event.target.value })}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.country}>Country (two letters)</label>
          <input
            id={ids.country}
            value={draft.country}
            maxLength={2}
            placeholder="DE"
            autoCapitalize="characters"
            onChange={(event) => set({ country: event.target.value })}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.language}>Language</label>
          <input
            id={ids.language}
            value={draft.language}
            maxLength={35}
            placeholder="de-DE"
            onChange={(event) => set({ language: event.target.value })}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.time}>Time</label>
          <input
            id={ids.time}
            type="datetime-local"
            value={draft.time}
            aria-describedby={ids.zone}
            onChange={(event) => set({ time: event.target.value })}
          />
          <span id={ids.zone} className={formStyles.hint}>
            In your time zone, {userTimeZone()}.
          </span>
        </div>
      </div>
      <details>
        <summary>More: referrer, query, IP, prior scans, password</summary>
        <div className={styles.testerGrid}>
          <div className={formStyles.field}>
            <label htmlFor={ids.referrer}>Referrer</label>
            <input
              id={ids.referrer}
              type="url"
              value={draft.referrer}
              placeholder="https://news.example.com/"
              onChange={(event) => set({ referrer: event.target.value })}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={ids.query}>Query</label>
            <input
              id={ids.query}
              value={draft.query}
              placeholder="table=12"
              onChange={(event) => set({ query: event.target.value })}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={ids.ip}>IP address</label>
            <input
              id={ids.ip}
              value={draft.ip}
              placeholder="203.0.113.7"
              onChange={(event) => set({ ip: event.target.value })}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={ids.scansBefore}>Prior scans</label>
            <input
              id={ids.scansBefore}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={draft.scansBefore}
              onChange={(event) => set({ scansBefore: event.target.value })}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={ids.password}>Password</label>
            <input
              id={ids.password}
              type="password"
              autoComplete="off"
              value={draft.password}
              onChange={(event) => set({ password: event.target.value })}
            />
          </div>
        </div>
      </details>
      <div>
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? 'Testing…' : 'Test this scan'}
        </button>
      </div>
      <ProblemMessage error={error} />
      <div aria-live="polite">{answer && <Result answer={answer} ruleName={ruleName} />}</div>
    </form>
  );
}
