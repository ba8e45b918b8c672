import type { ToolLogo } from '@site/src/features/designTool/model/designState';
import { useState } from 'react';
import styles from './DesignTool.module.css';
import { Field, RangeField } from './fields';

export default function LogoControls({
  logo,
  error,
  maxSize,
  onChange,
  onFile,
  onUrl,
}: {
  logo: ToolLogo | null;
  error: string | null;
  maxSize: number;
  onChange: (logo: ToolLogo | null) => void;
  onFile: (file: File) => void;
  onUrl: (url: string) => void;
}) {
  const [url, setUrl] = useState(logo && /^https?:/i.test(logo.src) ? logo.src : '');
  return (
    <>
      <Field path="/style/logo/src" label="Upload a logo" hint="PNG, JPEG, WebP or SVG, up to 512 KiB.">
        {(props) => (
          <input
            {...props}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
              event.target.value = '';
            }}
          />
        )}
      </Field>
      <form
        className={styles.logoUrl}
        onSubmit={(event) => {
          event.preventDefault();
          if (url.trim()) onUrl(url.trim());
        }}
      >
        <label htmlFor="dt-logo-url">Or a logo URL</label>
        <div className={styles.colorRow}>
          <input
            id="dt-logo-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/logo.png"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <button type="submit" className="button button--secondary button--sm">
            Use URL
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {logo && (
        <>
          <RangeField
            path="/style/logo/size"
            label="Logo size"
            value={logo.size}
            min={0.02}
            max={maxSize}
            step={0.01}
            format={(value) => `${Math.round(value * 100)}% of the symbol`}
            onChange={(size) => onChange({ ...logo, size })}
          />
          <RangeField
            path="/style/logo/margin"
            label="Logo margin"
            value={logo.margin}
            min={0}
            max={4}
            step={0.5}
            format={(value) => `${value} module${value === 1 ? '' : 's'}`}
            onChange={(margin) => onChange({ ...logo, margin })}
          />
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => onChange(null)}
          >
            Remove the logo
          </button>
        </>
      )}
    </>
  );
}
