import { renderDesign } from '@site/src/features/designTool/hooks/useDesignCheck';
import type { ToolStyle } from '@site/src/features/designTool/model/designState';
import { SITE_API } from '@site/src/lib/runtimeConfig';
import { useEffect, useState } from 'react';
import styles from './DesignTool.module.css';

const SIZES = [128, 256, 300, 512, 1024, 2048, 4096];

function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
 * the PNG from the API's own render endpoint (resvg on the server). And the style as JSON for the API.
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
  const [busy, setBusy] = useState(false);
  const [showJson, setShowJson] = useState(false);
  useEffect(() => setSize(style.size), [style.size]);
  const sizes = SIZES.includes(style.size) ? SIZES : [...SIZES, style.size].sort((a, b) => a - b);

  const downloadSvg = () => {
    const rendered = renderDesign(text, { ...drawable, size });
    if (!rendered.ok) {
      setMessage({ error: true, text: rendered.verdict.detail });
      return;
    }
    download('qr-code.svg', new Blob([rendered.svg], { type: 'image/svg+xml' }));
    setMessage({ error: false, text: `Downloaded qr-code.svg (${size} px wide).` });
  };

  const downloadPng = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(`${SITE_API}/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'image/png' },
        body: JSON.stringify({ data: text, style: { ...drawable, size }, format: 'png' }),
      });
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({}))) as { detail?: string };
        throw new Error(problem.detail ?? `The API answered HTTP ${response.status}.`);
      }
      download('qr-code.png', await response.blob());
      setMessage({ error: false, text: `Downloaded qr-code.png (${size} px wide).` });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      setMessage({ error: true, text: `The PNG could not be made: ${detail}` });
    } finally {
      setBusy(false);
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
    <section className={styles.export} aria-label="Download">
      <div className={styles.field}>
        <label htmlFor="dt-download-size">Download size</label>
        <select id="dt-download-size" value={size} onChange={(event) => setSize(Number(event.target.value))}>
          {sizes.map((value) => (
            <option key={value} value={value}>
              {value} px
            </option>
          ))}
        </select>
      </div>
      <div className={styles.buttons}>
        <button type="button" className="button button--primary" onClick={downloadSvg}>
          Download SVG
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void downloadPng()}
        >
          {busy ? 'Rendering PNG…' : 'Download PNG'}
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
          <pre className={styles.json} data-testid="style-json">
            {JSON.stringify(shortenedLogo(style), null, 2)}
          </pre>
        )}
      </details>
    </section>
  );
}
