import Link from '@docusaurus/Link';
import { codeOf, type QrCode, type StaticData } from '@site/src/api/codes';
import ConfirmDialog from '@site/src/components/ConfirmDialog';
import CopyButton from '@site/src/components/CopyButton';
import formStyles from '@site/src/components/Form.module.css';
import CodeBadges from '@site/src/components/linkControls/CodeBadges';
import ScanTester from '@site/src/components/linkControls/ScanTester';
import ProblemMessage from '@site/src/components/ProblemMessage';
import type { RuleSummary } from '@site/src/features/codes/api/codes';
import { rq } from '@site/src/lib/api';
import { formatInstant, userTimeZone } from '@site/src/lib/linkControls';
import { useId, useState } from 'react';
import CodeRules from './CodeRules';
import styles from './Codes.module.css';
import EditCodeForm from './EditCodeForm';

const MODE_LABELS = { redirect: 'Redirect', exec: 'Exec', static: 'Static' } as const;

/** What a static code holds, in a few words. */
function describeData(data: StaticData): string {
  switch (data.kind) {
    case 'text':
      return `Text: ${data.text}`;
    case 'url':
      return data.url;
    case 'email':
      return `Email to ${data.to}`;
    case 'phone':
      return `Call ${data.number}`;
    case 'sms':
      return `SMS to ${data.number}`;
    case 'wifi':
      return `Wi-Fi ${data.ssid}`;
    case 'vcard':
      return `Contact ${data.name}`;
    case 'geo':
      return `Location ${data.lat}, ${data.lng}`;
  }
}

/**
 * The code's image at its signed URL (`imageUrl`): a plain image the browser caches for good, not an
 * API call with the user's token. The URL changes when the image does, so an edit shows at once.
 */
function CodeImage({ code }: { code: QrCode }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === code.imageUrl) {
    return (
      <div className={styles.codeImage} role="img" aria-label="The image could not be loaded">
        !
      </div>
    );
  }
  return (
    <img
      className={styles.codeImage}
      src={code.imageUrl}
      alt={`QR code ${code.title ?? code.slug}`}
      width={112}
      height={112}
      decoding="async"
      onError={() => setFailedUrl(code.imageUrl)}
    />
  );
}

/** When the code works and its scan limit, in the user's zone; nothing when it has neither. */
function ControlFacts({ code }: { code: QrCode }) {
  const { activeFrom, expiresAt, maxScans } = code;
  const period = [
    activeFrom ? `from ${formatInstant(activeFrom)}` : '',
    expiresAt ? `until ${formatInstant(expiresAt)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {period && (
        <>
          <dt>Active</dt>
          <dd data-testid="code-window">
            {period} ({userTimeZone()})
          </dd>
        </>
      )}
      {maxScans !== null && maxScans !== undefined && (
        <>
          <dt>Scan limit</dt>
          <dd>
            {Math.min(code.scans.total, maxScans)} of {maxScans} used
          </dd>
        </>
      )}
    </>
  );
}

/** The switch that turns a code on and off (a disabled code answers 404 to scanners). */
function EnabledSwitch({
  code,
  onChanged,
  refusalId,
}: {
  code: QrCode;
  onChanged: (code: QrCode) => void;
  /** The id of the sentence saying why the role may not change it; the switch is then disabled. */
  refusalId?: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(
        codeOf(
          await rq.qrcodes.update({ params: { path: { id: code.id } }, body: { enabled: !code.enabled } }),
        ),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.switchWrap}>
      <button
        type="button"
        role="switch"
        aria-checked={code.enabled}
        className={styles.switch}
        disabled={busy || refusalId !== undefined}
        aria-describedby={refusalId}
        onClick={() => void toggle()}
      >
        <span className={styles.switchTrack} aria-hidden="true" />
        {code.enabled ? 'Enabled' : 'Disabled'}
        <span className="sr-only"> {code.slug}</span>
      </button>
      <ProblemMessage error={error} />
    </span>
  );
}

/**
 * One code in the manager: its image as the API draws it, short URL, target, on/off and scans (dynamic
 * codes only), and its actions (edit, style in the design tool, rules, delete).
 */
export default function CodeCard({
  code,
  rules,
  selected,
  onSelect,
  onChanged,
  onDeleted,
  editRefusal = null,
}: {
  code: QrCode;
  rules: readonly RuleSummary[];
  selected?: boolean;
  /** Absent: no checkbox (the code's own page). */
  onSelect?: ((selected: boolean) => void) | undefined;
  onChanged: (code: QrCode) => void;
  onDeleted: (id: string) => void;
  /** Why the workspace role may not change codes (a viewer): its actions are disabled and say so. */
  editRefusal?: string | null;
}) {
  const refusalId = useId();
  const [panel, setPanel] = useState<'none' | 'edit' | 'rules' | 'test' | 'delete'>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const headingId = useId();
  const name = code.title ?? code.slug;

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await rq.qrcodes.delete({ params: { path: { id: code.id } } });
      onDeleted(code.id);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  const toggle = (next: typeof panel) => setPanel(panel === next ? 'none' : next);

  return (
    <article
      className={`rq-card ${styles.card}`}
      aria-labelledby={headingId}
      data-testid="code-card"
      data-slug={code.slug}
    >
      <div className={styles.cardTop}>
        <CodeImage code={code} />
        <div className={styles.cardMain}>
          <div className={styles.cardHeader}>
            {onSelect && (
              <label className={styles.select}>
                <input
                  type="checkbox"
                  checked={selected ?? false}
                  onChange={(event) => onSelect(event.target.checked)}
                />
                <span className="sr-only">Select {name}</span>
              </label>
            )}
            <h3 id={headingId} className={styles.codeName}>
              {name}
            </h3>
            <span className="badge badge--secondary">{MODE_LABELS[code.mode]}</span>
            {code.mode !== 'static' && <CodeBadges code={code} />}
          </div>
          {code.mode !== 'static' && (
            <p className={formStyles.row}>
              <a href={code.shortUrl} className={styles.shortUrl} target="_blank" rel="noreferrer">
                {code.shortUrl}
              </a>
              <CopyButton value={code.shortUrl} what={`short URL of ${name}`} />
            </p>
          )}
          {code.warnings?.map((warning) => (
            <p key={warning} className="rq-error" data-testid="code-warning">
              {warning}
            </p>
          ))}
          <dl className={styles.facts}>
            <dt>{code.mode === 'static' ? 'Holds' : code.mode === 'exec' ? 'Exec URL' : 'Target'}</dt>
            <dd data-testid="code-target">
              {code.mode === 'redirect' && code.target}
              {code.mode === 'exec' && code.exec?.url}
              {code.mode === 'static' && code.data && describeData(code.data)}
            </dd>
            {/* A static code holds its data: no scan reaches us, so there is nothing to count. */}
            {code.mode !== 'static' && (
              <>
                <dt>Scans</dt>
                <dd>
                  {code.scans.uniqueToday} unique today · {code.scans.total} total
                </dd>
              </>
            )}
            {code.mode !== 'static' && <ControlFacts code={code} />}
            {code.tags.length > 0 && (
              <>
                <dt>Tags</dt>
                <dd className={styles.tags}>
                  {code.tags.map((tag) => (
                    <span key={tag} className="badge badge--info">
                      {tag}
                    </span>
                  ))}
                </dd>
              </>
            )}
            {code.mode === 'redirect' && (
              <>
                <dt>Rules</dt>
                <dd>{code.rules.length === 0 ? 'none' : code.rules.length}</dd>
              </>
            )}
          </dl>
          {/* Turning a static code off changes nothing: printed copies still hold their data. */}
          {code.mode !== 'static' && (
            <EnabledSwitch
              code={code}
              onChanged={onChanged}
              refusalId={editRefusal ? refusalId : undefined}
            />
          )}
        </div>
      </div>
      {editRefusal && (
        <p id={refusalId} className={styles.refusal} data-testid="code-refusal">
          {editRefusal}
        </p>
      )}
      <div className={styles.actions}>
        <button
          disabled={editRefusal !== null}
          aria-describedby={editRefusal ? refusalId : undefined}
          type="button"
          className="button button--secondary button--sm"
          aria-expanded={panel === 'edit'}
          onClick={() => toggle('edit')}
        >
          Edit<span className="sr-only"> {name}</span>
        </button>
        {editRefusal === null && (
          <Link
            className="button button--secondary button--sm"
            to={`/qr-design-tool?code=${encodeURIComponent(code.id)}`}
          >
            Edit style<span className="sr-only"> of {name}</span>
          </Link>
        )}
        {code.mode === 'redirect' && (
          <button
            disabled={editRefusal !== null}
            aria-describedby={editRefusal ? refusalId : undefined}
            type="button"
            className="button button--secondary button--sm"
            aria-expanded={panel === 'rules'}
            onClick={() => toggle('rules')}
          >
            Rules<span className="sr-only"> of {name}</span>
          </button>
        )}
        {code.mode !== 'static' && (
          <button
            type="button"
            className="button button--secondary button--sm"
            aria-expanded={panel === 'test'}
            onClick={() => toggle('test')}
          >
            Test a scan<span className="sr-only"> of {name}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--danger button--sm"
          disabled={editRefusal !== null}
          aria-describedby={editRefusal ? refusalId : undefined}
          onClick={() => setPanel('delete')}
        >
          Delete<span className="sr-only"> {name}</span>
        </button>
      </div>
      {panel === 'edit' && (
        <EditCodeForm
          code={code}
          onCancel={() => setPanel('none')}
          onSaved={(changed) => {
            onChanged(changed);
            setPanel('none');
          }}
        />
      )}
      {panel === 'rules' && (
        <CodeRules
          code={code}
          rules={rules}
          onSaved={(ruleIds) => onChanged({ ...code, rules: ruleIds })}
          editRefusal={editRefusal}
        />
      )}
      {panel === 'test' && (
        <ScanTester
          codeId={code.id}
          label={`Test a scan of ${name}`}
          ruleName={(id) => rules.find((rule) => rule.id === id)?.name ?? id}
        />
      )}
      {panel === 'delete' && (
        <ConfirmDialog
          label={`Delete ${name}`}
          confirmText="Delete code"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setPanel('none')}
        >
          Delete {name}?{' '}
          {code.mode === 'static'
            ? 'Printed copies keep working: they hold their data.'
            : `Scans of ${code.shortUrl} will find nothing, and the slug becomes free for another code.`}
        </ConfirmDialog>
      )}
      <ProblemMessage error={error} />
    </article>
  );
}
