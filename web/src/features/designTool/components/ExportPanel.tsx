import ScrollableCode from '@site/src/components/ScrollableCode';
import { renderDesign } from '@site/src/features/designTool/hooks/useDesignCheck';
import type { ToolStyle } from '@site/src/features/designTool/model/designState';
import { downloadRenderedDesign, saveBlob } from '@site/src/lib/downloads';
import { useEffect, useState } from 'react';
import styles from './DesignTool.module.css';

const SIZES = [128, 256, 300, 512, 1024, 2048, 4096];

/** The downloads' box, which the phone's preview bar links to. */
export const DOWNLOADS_ID = 'dt-downloads';

/** The style for reading: an uploaded logo's data: URL (up to megabytes) shortened; copying gives it whole. */
function shortenedLogo(style: ToolStyle): ToolStyle {
  if (!style.logo?.src.startsWith('data:')) return style;
  const kib = Math.ceil(style.logo.src.length / 1024);
  return {
    ...style,
    logo: { ...style.logo, src: `${style.logo.src.slice(0, 40)}… (${kib} KiB, copied whole)` },
  };
}

/**
 * Downloads exactly what the API serves: the SVG from the same renderer (byte for byte, as a test checks),
 * the PNG, PDF and EPS from the API's own render endpoint (PDF and EPS vector, in RGB or CMYK, with a
 * quiet zone of at least 4 modules). And the style as JSON for the API.
 */
export default function ExportPanel({
  text,
  style,
  drawable,
}: {
  text: string;
  /** The style as the API takes it (the logo as the user gave it). */
  style: ToolStyle;
  /** The same style with the logo's bytes in it, as drawn. */
  drawable: ToolStyle;
}) {
  const [size, setSize] = useState(style.size);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<'png' | 'pdf' | 'eps' | null>(null);
  const [cmyk, setCmyk] = useState(false);
  const [showJson, setShowJson] = useState(false);
  useEffect(() => setSize(style.size), [style.size]);
  const sizes = SIZES.includes(style.size) ? SIZES : [...SIZES, style.size].sort((a, b) => a - b);

  const downloadSvg = () => {
    const rendered = renderDesign(text, { ...drawable, size });
    if (!rendered.ok) {
      setMessage({ error: true, text: rendered.verdict.detail });
      return;
    }
    saveBlob('qr-code.svg', new Blob([rendered.svg], { type: 'image/svg+xml' }));
    setMessage({ error: false, text: `Downloaded qr-code.svg (${size} px wide).` });
  };

  /** PNG, PDF and EPS come from the API's render endpoint: what it serves, byte for byte. */
  const downloadFromApi = async (format: 'png' | 'pdf' | 'eps') => {
    setBusy(format);
    setMessage(null);
    const name = `qr-code.${format}`;
    try {
      await downloadRenderedDesign(text, { ...drawable, size }, format, { cmyk });
      const colours = format === 'png' ? '' : cmyk ? ', CMYK' : ', RGB';
      setMessage({ error: false, text: `Downloaded ${name} (${size} px wide${colours}).` });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      setMessage({ error: true, text: `The ${format.toUpperCase()} could not be made: ${detail}` });
    } finally {
      setBusy(null);
    }
  };

  const copyJson = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(style, null, 2));
      setMessage({ error: false, text: 'Copied the style as JSON: send it as "style" to the API.' });
    } catch {
      setMessage({
        error: true,
        text: 'The browser did not allow copying: select the JSON below and copy it by hand.',
      });
    }
  };

  return (
    <section id={DOWNLOADS_ID} className={styles.export} aria-label="Download" tabIndex={-1}>
      {/* Size and colour space share one row, so the buttons stay beside the preview at 800 px tall. */}
      <div className={styles.exportSettings}>
        <div className={styles.field}>
          <label htmlFor="dt-download-size">Download size</label>
          <select
            id="dt-download-size"
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
          >
            {sizes.map((value) => (
              <option key={value} value={value}>
                {value} px
              </option>
            ))}
          </select>
        </div>
        <label className={styles.field} title="PDF and EPS in CMYK: pure black prints as 0/0/0/100">
          <span>
            <input type="checkbox" checked={cmyk} onChange={(event) => setCmyk(event.target.checked)} /> CMYK
            <span className="sr-only"> for print (PDF and EPS: pure black as 0/0/0/100)</span>
          </span>
        </label>
      </div>
      <div className={styles.buttons}>
        <button type="button" className="button button--primary" onClick={downloadSvg}>
          Download SVG
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null}
          onClick={() => void downloadFromApi('png')}
        >
          {busy === 'png' ? 'Rendering PNG…' : 'Download PNG'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null}
          onClick={() => void downloadFromApi('pdf')}
        >
          {busy === 'pdf' ? 'Rendering PDF…' : 'Download PDF'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null}
          onClick={() => void downloadFromApi('eps')}
        >
          {busy === 'eps' ? 'Rendering EPS…' : 'Download EPS'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void copyJson()}>
          Copy style JSON
        </button>
      </div>
      <p role="status" className={message?.error ? styles.error : styles.hint}>
        {message?.text}
      </p>
      <details onToggle={(event) => setShowJson(event.currentTarget.open)}>
        <summary>Style JSON</summary>
        {showJson && (
          <ScrollableCode className={styles.json} data-testid="style-json">
            {JSON.stringify(shortenedLogo(style), null, 2)}
          </ScrollableCode>
        )}
      </details>
    </section>
  );
}
