import {
  CORNER_DOT_TYPES,
  CORNER_SQUARE_TYPES,
  DOT_TYPES,
  ERROR_CORRECTION_LEVELS,
  LOGO_MAX_SIZE,
  MIN_MARGIN,
} from '@rq/qr';
import type { ToolStyle } from '@site/src/features/designTool/model/designState';
import styles from './DesignTool.module.css';
import { Field, RangeField, SelectField } from './fields';
import LogoControls from './LogoControls';
import PaintField from './PaintField';

const DOT_LABELS: Record<string, string> = {
  square: 'Square',
  rounded: 'Rounded',
  dots: 'Dots',
  classy: 'Classy',
  'classy-rounded': 'Classy rounded',
  'extra-rounded': 'Extra rounded',
  dot: 'Dot',
};

const labelled = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ value, label: DOT_LABELS[value] ?? value }));

const EC_LABELS = {
  L: 'L (7% can be damaged)',
  M: 'M (15%)',
  Q: 'Q (25%)',
  H: 'H (30%)',
} as const;

export interface StyleControlsProps {
  style: ToolStyle;
  onChange: (style: ToolStyle) => void;
  logoError: string | null;
  onLogoFile: (file: File) => void;
  onLogoUrl: (url: string) => void;
}

/** A control for every option of the API's Style (API.md "Style"), grouped as the JSON is. */
export default function StyleControls({
  style,
  onChange,
  logoError,
  onLogoFile,
  onLogoUrl,
}: StyleControlsProps) {
  const set = <K extends keyof ToolStyle>(key: K, value: ToolStyle[K]) =>
    onChange({ ...style, [key]: value });
  const transparent = style.background.color === 'transparent' && !style.background.gradient;
  return (
    <div className={styles.controls}>
      <details open className={styles.section}>
        <summary>Size and error correction</summary>
        <RangeField
          path="/style/size"
          label="Size"
          value={style.size}
          min={64}
          max={4096}
          step={4}
          format={(value) => `${value} px`}
          onChange={(size) => set('size', size)}
        />
        <RangeField
          path="/style/margin"
          label="Quiet zone"
          value={style.margin}
          min={0}
          max={20}
          step={1}
          format={(value) =>
            `${value} module${value === 1 ? '' : 's'}${value < MIN_MARGIN ? ' (too small)' : ''}`
          }
          onChange={(margin) => set('margin', margin)}
        />
        <SelectField
          path="/style/errorCorrection"
          label="Error correction"
          value={style.errorCorrection}
          options={ERROR_CORRECTION_LEVELS.map((level) => ({ value: level, label: EC_LABELS[level] }))}
          onChange={(errorCorrection) => set('errorCorrection', errorCorrection)}
        />
        {style.logo && (
          <p className={styles.hint}>
            With a logo the code is encoded at Q or H at least, whatever is chosen here.
          </p>
        )}
      </details>

      <details open className={styles.section}>
        <summary>Dots</summary>
        <SelectField
          path="/style/dots/type"
          label="Dot type"
          value={style.dots.type}
          options={labelled(DOT_TYPES)}
          onChange={(type) => set('dots', { ...style.dots, type })}
        />
        <PaintField
          path="/style/dots"
          label="Dots"
          paint={style.dots}
          onChange={(paint) => set('dots', { ...style.dots, ...paint })}
        />
      </details>

      <details open className={styles.section}>
        <summary>Corners</summary>
        <SelectField
          path="/style/cornerSquares/type"
          label="Corner square type"
          value={style.cornerSquares.type}
          options={labelled(CORNER_SQUARE_TYPES)}
          onChange={(type) => set('cornerSquares', { ...style.cornerSquares, type })}
        />
        <PaintField
          path="/style/cornerSquares"
          label="Corner squares"
          paint={style.cornerSquares}
          onChange={(paint) => set('cornerSquares', { ...style.cornerSquares, ...paint })}
        />
        <SelectField
          path="/style/cornerDots/type"
          label="Corner dot type"
          value={style.cornerDots.type}
          options={labelled(CORNER_DOT_TYPES)}
          onChange={(type) => set('cornerDots', { ...style.cornerDots, type })}
        />
        <PaintField
          path="/style/cornerDots"
          label="Corner dots"
          paint={style.cornerDots}
          onChange={(paint) => set('cornerDots', { ...style.cornerDots, ...paint })}
        />
      </details>

      <details open className={styles.section}>
        <summary>Background</summary>
        <label className={styles.inline}>
          <input
            type="checkbox"
            checked={transparent}
            onChange={(event) =>
              set(
                'background',
                event.target.checked
                  ? { color: 'transparent', gradient: null }
                  : { color: '#ffffff', gradient: null },
              )
            }
          />{' '}
          Transparent background
        </label>
        {!transparent && (
          <PaintField
            path="/style/background"
            label="Background"
            paint={style.background}
            onChange={(paint) => set('background', paint)}
          />
        )}
      </details>

      <details open className={styles.section}>
        <summary>Logo</summary>
        <LogoControls
          logo={style.logo}
          error={logoError}
          onChange={(logo) => set('logo', logo)}
          onFile={onLogoFile}
          onUrl={onLogoUrl}
          maxSize={LOGO_MAX_SIZE + 0.1}
        />
      </details>

      <details open className={styles.section}>
        <summary>Frame</summary>
        <label className={styles.inline}>
          <input
            type="checkbox"
            checked={style.frame !== null}
            onChange={(event) =>
              set(
                'frame',
                event.target.checked
                  ? {
                      text: 'Scan me',
                      color: '#111111',
                      gradient: null,
                      textColor: '#ffffff',
                      textGradient: null,
                    }
                  : null,
              )
            }
          />{' '}
          A frame with a call to action
        </label>
        {style.frame && (
          <>
            <Field path="/style/frame/text" label="Frame text" hint="Up to 40 characters.">
              {(props) => (
                <input
                  {...props}
                  type="text"
                  maxLength={40}
                  value={style.frame?.text ?? ''}
                  onChange={(event) =>
                    style.frame && set('frame', { ...style.frame, text: event.target.value })
                  }
                />
              )}
            </Field>
            <PaintField
              path="/style/frame"
              label="Frame"
              paint={{ color: style.frame.color, gradient: style.frame.gradient }}
              onChange={(paint) => style.frame && set('frame', { ...style.frame, ...paint })}
            />
            <PaintField
              path="/style/frame"
              label="Frame text"
              colorKey="textColor"
              gradientKey="textGradient"
              paint={{ color: style.frame.textColor, gradient: style.frame.textGradient }}
              onChange={(paint) =>
                style.frame &&
                set('frame', { ...style.frame, textColor: paint.color, textGradient: paint.gradient })
              }
            />
          </>
        )}
      </details>
    </div>
  );
}
