import {
  defaultInterval,
  INTERVALS,
  type Interval,
  PRESET_LABELS,
  PRESETS,
  timeZones,
  type View,
} from '@site/src/features/analytics/model/analyticsModel';
import { type FormEvent, useId, useMemo, useState } from 'react';
import styles from './Analytics.module.css';

const INTERVAL_LABELS: Record<Interval, string> = {
  hour: 'Hourly',
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
};

function today(timeZone: string): string {
  try {
    // en-CA formats as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/** The range (presets or from/to), the interval, the zone and bots: everything but the filters. */
export default function RangeControls({
  view,
  onChange,
}: {
  view: View;
  onChange: (change: Partial<View>) => void;
}) {
  const ids = {
    from: useId(),
    to: useId(),
    interval: useId(),
    zone: useId(),
    bots: useId(),
    custom: useId(),
  };
  const zones = useMemo(() => timeZones(view.timeZone), [view.timeZone]);
  const [custom, setCustom] = useState(view.range === 'custom');
  const [from, setFrom] = useState(view.from || today(view.timeZone));
  const [to, setTo] = useState(view.to || today(view.timeZone));
  const [error, setError] = useState('');

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError('Choose both the first and the last day.');
    if (from > to) return setError('The first day must not be after the last day.');
    setError('');
    onChange({ range: 'custom', from, to, interval: view.interval === 'month' ? 'month' : 'day' });
  };

  return (
    <div className={styles.controls}>
      <fieldset className={styles.presets}>
        <legend>Range</legend>
        <div className={styles.row}>
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={styles.chipButton}
              aria-pressed={view.range === preset}
              title={PRESET_LABELS[preset]}
              onClick={() => {
                setCustom(false);
                onChange({ range: preset, interval: defaultInterval(preset) });
              }}
            >
              {preset}
            </button>
          ))}
          <button
            type="button"
            className={styles.chipButton}
            aria-pressed={view.range === 'custom'}
            aria-expanded={custom}
            aria-controls={ids.custom}
            onClick={() => setCustom((open) => !open)}
          >
            Custom…
          </button>
        </div>
      </fieldset>
      {custom && (
        <form id={ids.custom} className={styles.row} onSubmit={applyCustom} aria-label="Custom range">
          <label htmlFor={ids.from} className={styles.field}>
            From
            <input
              id={ids.from}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              required
            />
          </label>
          <label htmlFor={ids.to} className={styles.field}>
            To (inclusive)
            <input
              id={ids.to}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              required
            />
          </label>
          <button type="submit" className="button button--primary button--sm">
            Apply
          </button>
          {error && (
            <p className="rq-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      <div className={styles.row}>
        <label htmlFor={ids.interval} className={styles.field}>
          Interval
          <select
            id={ids.interval}
            value={view.interval}
            onChange={(event) => onChange({ interval: event.target.value as Interval })}
          >
            {INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {INTERVAL_LABELS[interval]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.zone} className={styles.field}>
          Time zone
          <select
            id={ids.zone}
            value={view.timeZone}
            onChange={(event) => onChange({ timeZone: event.target.value })}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.bots} className={styles.check}>
          <input
            id={ids.bots}
            type="checkbox"
            checked={view.bots}
            onChange={(event) => onChange({ bots: event.target.checked })}
          />
          Count bots
        </label>
      </div>
    </div>
  );
}
