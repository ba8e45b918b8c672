import type { Gradient } from '@rq/qr';
import styles from './DesignTool.module.css';
import { ColorField, RangeField, SelectField } from './fields';

interface Paint {
  color: string;
  gradient: Gradient | null;
}

const MAX_STOPS = 8;

/**
 * A colour, or a linear or radial gradient (rotation and 2 to 8 stops) in its place. `path` is the
 * paint's pointer (`/style/dots`); `gradientKey` names its gradient field (`gradient`, or `textGradient`
 * for the frame text, whose colour is `textColor`).
 */
export default function PaintField({
  path,
  label,
  paint,
  onChange,
  colorKey = 'color',
  gradientKey = 'gradient',
}: {
  path: string;
  label: string;
  paint: Paint;
  onChange: (paint: Paint) => void;
  colorKey?: string;
  gradientKey?: string;
}) {
  const gradient = paint.gradient;
  const setGradient = (next: Gradient | null) => onChange({ ...paint, gradient: next });
  const gradientPath = `${path}/${gradientKey}`;
  return (
    <fieldset className={styles.paint}>
      <legend>{label}</legend>
      <label className={styles.inline}>
        <input
          type="checkbox"
          checked={gradient !== null}
          onChange={(event) =>
            setGradient(
              event.target.checked
                ? {
                    type: 'linear',
                    rotation: 45,
                    stops: [
                      { offset: 0, color: paint.color },
                      { offset: 1, color: paint.color },
                    ],
                  }
                : null,
            )
          }
        />{' '}
        Gradient
      </label>
      {gradient === null ? (
        <ColorField
          path={`${path}/${colorKey}`}
          label={`${label} colour`}
          value={paint.color}
          onChange={(color) => onChange({ ...paint, color })}
        />
      ) : (
        <>
          <SelectField
            path={`${gradientPath}/type`}
            label="Gradient type"
            value={gradient.type}
            options={['linear', 'radial'] as const}
            onChange={(type) => setGradient({ ...gradient, type })}
          />
          {gradient.type === 'linear' && (
            <RangeField
              path={`${gradientPath}/rotation`}
              label="Rotation"
              value={gradient.rotation ?? 0}
              min={-180}
              max={180}
              step={5}
              format={(value) => `${value}°`}
              onChange={(rotation) => setGradient({ ...gradient, rotation })}
            />
          )}
          <ol className={styles.stops}>
            {gradient.stops.map((stop, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: stops have no identity but their place.
              <li key={i}>
                <ColorField
                  path={`${gradientPath}/stops/${i}/color`}
                  label={`Stop ${i + 1}`}
                  value={stop.color}
                  onChange={(color) =>
                    setGradient({
                      ...gradient,
                      stops: gradient.stops.map((s, j) => (j === i ? { ...s, color } : s)),
                    })
                  }
                />
                <RangeField
                  path={`${gradientPath}/stops/${i}/offset`}
                  label={`Stop ${i + 1} position`}
                  value={stop.offset}
                  min={0}
                  max={1}
                  step={0.05}
                  format={(value) => `${Math.round(value * 100)}%`}
                  onChange={(offset) =>
                    setGradient({
                      ...gradient,
                      stops: gradient.stops.map((s, j) => (j === i ? { ...s, offset } : s)),
                    })
                  }
                />
                {gradient.stops.length > 2 && (
                  <button
                    type="button"
                    className="button button--link button--sm"
                    onClick={() =>
                      setGradient({ ...gradient, stops: gradient.stops.filter((_, j) => j !== i) })
                    }
                  >
                    Remove stop {i + 1}
                  </button>
                )}
              </li>
            ))}
          </ol>
          {gradient.stops.length < MAX_STOPS && (
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => {
                const last = gradient.stops[gradient.stops.length - 1];
                setGradient({
                  ...gradient,
                  stops: [...gradient.stops, { offset: 1, color: last?.color ?? paint.color }],
                });
              }}
            >
              Add a stop
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
