import type { DesignCheck, Verdict } from '@site/src/features/designTool/hooks/useDesignCheck';
import type { ReactNode } from 'react';
import styles from './DesignTool.module.css';
import { controlId } from './fields';

const REASON_WORDS: Record<Extract<Verdict, { status: 'fails' }>['reason'], string> = {
  contrast_too_low: 'Contrast too low',
  logo_too_large: 'Logo too large',
  quiet_zone_too_small: 'Quiet zone too small',
  size_too_small: 'Too small to scan',
  glyph_missing: 'Frame text has a character the font cannot draw',
  other: 'Does not decode',
  invalid: 'Not a valid style',
  data_too_long: 'Too much data',
  logo: 'Logo cannot be drawn',
  unchecked: 'Could not check',
};

export const VERDICT_TEXT_ID = 'dt-verdict-detail';

function focusField(path: string) {
  // A field may sit inside a closed section, or be the first stop of a gradient.
  const element = document.getElementById(controlId(path));
  element?.closest('details')?.setAttribute('open', '');
  // Centred, so the sticky preview on a phone does not cover it.
  element?.scrollIntoView({ block: 'center' });
  element?.focus({ preventScroll: true });
}

export function VerdictBadge({ verdict, sequence }: { verdict: Verdict; sequence: number }) {
  const state = verdict.status;
  return (
    <div
      className={styles.verdict}
      data-state={state}
      data-sequence={sequence}
      role="status"
      aria-live="polite"
    >
      <span className={styles.badge} data-testid="scan-badge">
        {state === 'checking' ? 'Checking…' : state === 'scans' ? 'Scans' : REASON_WORDS[verdict.reason]}
      </span>
      {verdict.status === 'fails' && (
        <>
          <span id={VERDICT_TEXT_ID} className={styles.verdictDetail}>
            {verdict.detail}
          </span>
          {verdict.path && (
            <button
              type="button"
              className="button button--link button--sm"
              onClick={() => verdict.path && focusField(verdict.path)}
            >
              Go to the field
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** The print-stress score; the tool shows it below the downloads, which must stay in view. */
export function RobustnessScore({ check }: { check: DesignCheck }) {
  const { value: robustness, fresh, sequence } = check.robustness;
  if (robustness === null) {
    if (fresh || check.verdict.status !== 'scans') return null;
    return (
      <p className={styles.robustness} data-state="checking">
        Print-stress test: running…
      </p>
    );
  }
  const failed = robustness.results.filter((entry) => !entry.result.ok);
  return (
    <div
      className={fresh ? styles.robustness : `${styles.robustness} ${styles.stale}`}
      data-state={fresh ? 'done' : 'checking'}
      data-sequence={sequence}
      data-score={robustness.score}
      aria-busy={!fresh}
    >
      <p>
        <strong>Robustness {robustness.score}/100</strong>
        {!fresh && ' (updating…)'}: decoded {robustness.results.length - failed.length} of{' '}
        {robustness.results.length} print-like variants.
      </p>
      {/* The variants one by one on request: the score stays in view beside the form with the downloads. */}
      <details>
        <summary>The variants</summary>
        <ul>
          {robustness.results.map(({ stress, result }) => (
            <li key={stress.label} data-ok={result.ok}>
              {result.ok ? '✓' : '✗'} {stress.label} ({stress.detail})
              {!result.ok && <span className={styles.hint}> — fails</span>}
            </li>
          ))}
        </ul>
      </details>
      {failed.length > 0 && (
        <p className={styles.hint}>
          Fragile under {[...new Set(failed.map((entry) => entry.stress.label.toLowerCase()))].join(', ')}:
          more contrast, a larger print, a smaller logo or a higher error correction help.
        </p>
      )}
    </div>
  );
}

/** The live preview (the SVG the API would serve, inline), its scan verdict, and what `children` add. */
export default function PreviewPanel({ check, children }: { check: DesignCheck; children?: ReactNode }) {
  const svg = check.rendered.ok ? check.rendered.svg : check.lastSvg;
  return (
    <section className={styles.preview} aria-label="Preview">
      <div
        className={check.rendered.ok ? styles.previewImage : `${styles.previewImage} ${styles.stale}`}
        data-testid="preview"
        data-sequence={check.sequence}
        role="img"
        aria-label="Preview of the QR code"
        // The SVG is our own renderer's output; logos in it are sanitised by packages/qr.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above.
        dangerouslySetInnerHTML={{ __html: svg ?? '' }}
      />
      <VerdictBadge verdict={check.verdict} sequence={check.sequence} />
      {children}
    </section>
  );
}

/**
 * On a phone the preview bar stays on screen while the form scrolls under it: it carries the
 * print-stress score too, and a link back to the downloads.
 */
export function PhoneShortcuts({ check, downloadsId }: { check: DesignCheck; downloadsId: string }) {
  const score = check.robustness.value?.score;
  return (
    <div className={styles.phoneShortcuts}>
      {score !== undefined && <span data-testid="phone-score">Print score {score}/100</span>}
      <a
        href={`#${downloadsId}`}
        onClick={(event) => {
          event.preventDefault();
          const downloads = document.getElementById(downloadsId);
          // Centred, below the sticky bar; focused, so a keyboard goes on from the downloads.
          downloads?.scrollIntoView({ block: 'center' });
          downloads?.focus({ preventScroll: true });
        }}
      >
        Downloads
      </a>
    </div>
  );
}
