import type { QrCode } from '@site/src/api/codes';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { downloadCodeImage } from '@site/src/lib/downloads';
import { useId, useState } from 'react';

const FORMATS = [
  { ext: 'svg', label: 'SVG', hint: 'vector, for the web and design tools' },
  { ext: 'png', label: 'PNG', hint: 'raster, at the size below' },
  { ext: 'pdf', label: 'PDF', hint: 'vector, print-ready' },
  { ext: 'eps', label: 'EPS', hint: 'vector, for print workflows' },
] as const;

/**
 * The code's image in each format, drawn by the API with its stored style: SVG and PNG (a size),
 * and the print formats PDF and EPS, in RGB or CMYK (pure black as 0/0/0/100).
 */
export default function CodeDownloads({ code }: { code: QrCode }) {
  const [size, setSize] = useState(1024);
  const [cmyk, setCmyk] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const ids = { size: useId(), cmyk: useId() };

  const download = async (ext: (typeof FORMATS)[number]['ext']) => {
    const name = `${code.slug}.${ext}`;
    setBusy(ext);
    setError(null);
    setStatus('');
    try {
      await downloadCodeImage(code, ext, ext === 'png' ? { size, cmyk } : { cmyk });
      setStatus(`Downloaded ${name}.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="rq-card" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">Downloads</h2>
      <div className={formStyles.row}>
        <label htmlFor={ids.size}>PNG size (px)</label>
        <select id={ids.size} value={size} onChange={(event) => setSize(Number(event.target.value))}>
          {[256, 512, 1024, 2048].map((px) => (
            <option key={px} value={px}>
              {px}
            </option>
          ))}
        </select>
        <label>
          <input
            id={ids.cmyk}
            type="checkbox"
            checked={cmyk}
            onChange={(event) => setCmyk(event.target.checked)}
          />{' '}
          CMYK for PDF and EPS (black as 0/0/0/100)
        </label>
      </div>
      <ul className={formStyles.row} style={{ listStyle: 'none', paddingLeft: 0 }}>
        {FORMATS.map((format) => (
          <li key={format.ext}>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={busy !== null}
              title={format.hint}
              onClick={() => void download(format.ext)}
            >
              Download {format.label}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className={formStyles.hint}>
        {status}
      </p>
      <ProblemMessage error={error} />
    </section>
  );
}
