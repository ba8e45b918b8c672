import formStyles from '@site/src/components/Form.module.css';
import {
  type LinkControlsDraft,
  normalisedUrl,
  UTM_FIELDS,
  type UtmField,
  userTimeZone,
  utmOf,
  withUtm,
} from '@site/src/lib/linkControls';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './LinkControls.module.css';

/** Labels of the API's field paths, for splitProblem: a problem then sits by its field. */
export const LINK_CONTROL_FIELDS: Readonly<Record<string, string>> = {
  '/body/activeFrom': 'Active from',
  '/body/expiresAt': 'Expires',
  '/body/maxScans': 'The scan limit',
  '/body/expiredTarget': 'The inactive target',
  '/body/password': 'The password',
  '/body/apps/ios': 'The iOS target',
  '/body/apps/android': 'The Android target',
  '/body/apps': 'The app targets',
  '/body/utm': 'The UTM parameters',
  ...Object.fromEntries(UTM_FIELDS.map((field) => [`/body/utm/${field}`, `UTM ${field}`])),
};

const UTM_EXAMPLES: Record<UtmField, string> = {
  source: 'flyer',
  medium: 'print',
  campaign: 'spring-2026',
  term: '',
  content: 'front-page',
};

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="rq-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of an input with an optional hint and error (ids as Field gives them). */
function described(id: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error !== undefined };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A labelled text input of the draft, described by its hint and its error. */
function InputField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
} & InputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
        {...described(id, hint !== undefined, error)}
      />
    </Field>
  );
}

function PasswordField({
  draft,
  onChange,
  protectedNow,
  error,
}: {
  draft: LinkControlsDraft['password'];
  onChange: (password: LinkControlsDraft['password']) => void;
  protectedNow: boolean;
  error: string | undefined;
}) {
  const id = useId();
  const input = (
    <InputField
      id={id}
      label={protectedNow ? 'New password' : 'Password (optional)'}
      hint="Scanners type it before they are sent on. It is never shown again."
      error={error}
      type="password"
      autoComplete="new-password"
      value={draft.value}
      maxLength={200}
      onChange={(value) => onChange({ action: 'set', value })}
    />
  );
  if (!protectedNow) return input;
  const action = (to: LinkControlsDraft['password']['action'], label: string, look = 'secondary') => (
    <button
      type="button"
      className={`button button--${look} button--sm`}
      onClick={() => onChange({ action: to, value: '' })}
    >
      {label}
    </button>
  );
  return (
    <div className={styles.password}>
      <p className={formStyles.row} data-testid="password-state">
        <span className="badge badge--secondary">Protected</span>
        {draft.action === 'remove'
          ? 'The password will be removed when you save.'
          : draft.action === 'set'
            ? 'The new password replaces the old one when you save.'
            : 'Scanners enter a password first.'}
      </p>
      {draft.action === 'set' && input}
      <div className={formStyles.row}>
        {draft.action === 'keep' ? (
          <>
            {action('set', 'Change password')}
            {action('remove', 'Remove password')}
          </>
        ) : (
          action('keep', 'Keep the current password', 'link')
        )}
      </div>
      {draft.action !== 'set' && error && <p className="rq-error">{error}</p>}
    </div>
  );
}

/** A date-time in the user's zone (named by `zoneId`), with a Clear button once set. */
function ZonedTimeField({
  id,
  label,
  value,
  error,
  zoneId,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  zoneId: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        type="datetime-local"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={zoneId}
        aria-invalid={error !== undefined}
      />
      {value !== '' && (
        <button
          type="button"
          className={`button button--link button--sm ${styles.clear}`}
          onClick={() => onChange('')}
        >
          Clear<span className="sr-only"> {label}</span>
        </button>
      )}
    </Field>
  );
}

/** The default target with the UTM parameters, as a scan of it would be redirected. */
function UtmPreview({ target, draft }: { target: string; draft: LinkControlsDraft['utm'] }) {
  const normalised = normalisedUrl(target);
  // The server stores and adds the tags in UTM_FIELDS' order, as utmOf gives them.
  const utm = utmOf(draft);
  return (
    <div className={styles.preview}>
      <span className={styles.previewLabel}>Final URL</span>
      <output data-testid="utm-preview" aria-live="polite" className={styles.previewUrl}>
        {normalised === null
          ? 'Type a whole target URL (https://…) to see it with its UTM parameters.'
          : withUtm(normalised, utm)}
      </output>
      {normalised !== null && utm !== null && (
        <span className={formStyles.hint}>A parameter the target already has is kept as it is.</span>
      )}
    </div>
  );
}

/**
 * The link controls of a redirect or exec code (API.md "Link controls"): when it is active, a
 * scan limit and where scanners go after, a password, UTM parameters with the final URL, and app
 * targets. Controlled: the form holds the draft and sends it (lib/linkControls.ts).
 */
export default function LinkControlsFields({
  draft,
  onChange,
  byField,
  defaultTarget,
  protectedNow = false,
  open = false,
  apps = true,
  utmHint = 'Added to every target of the code (rules, splits and apps too) as utm_source and so on, unless the target already has that parameter.',
}: {
  draft: LinkControlsDraft;
  onChange: (draft: LinkControlsDraft) => void;
  /** Field problems of the last answer by path (splitProblem with LINK_CONTROL_FIELDS). */
  byField: Readonly<Record<string, string>>;
  /** The target the UTM preview shows (the redirect target, or an exec code's fallback). */
  defaultTarget: string;
  /** Whether the saved code has a password (it is never shown back). */
  protectedNow?: boolean;
  /** Whether the section starts open (an edited code that has controls). */
  open?: boolean;
  /** Whether app targets are offered (a GS1 item has none: its link types say where a phone goes). */
  apps?: boolean;
  /** What the UTM parameters are added to, in a sentence. */
  utmHint?: string;
}) {
  const ids = {
    activeFrom: useId(),
    expiresAt: useId(),
    maxScans: useId(),
    expiredTarget: useId(),
    ios: useId(),
    android: useId(),
    utm: useId(),
    zone: useId(),
  };
  const zone = userTimeZone();
  const set = (change: Partial<LinkControlsDraft>) => onChange({ ...draft, ...change });
  const setUtm = (field: UtmField, value: string) => set({ utm: { ...draft.utm, [field]: value } });
  const utmError = UTM_FIELDS.map((field) => byField[`/body/utm/${field}`])
    .concat(byField['/body/utm'])
    .filter(Boolean)
    .join(' ');
  const appsError = byField['/body/apps'];
  const timeField = (name: 'activeFrom' | 'expiresAt', label: string) => (
    <ZonedTimeField
      id={ids[name]}
      label={label}
      value={draft[name]}
      error={byField[`/body/${name}`]}
      zoneId={ids.zone}
      onChange={(value) => set({ [name]: value })}
    />
  );
  /** A target URL of the draft, its problems at `path` (by default the field's own). */
  const urlField = (
    name: 'expiredTarget' | 'ios' | 'android',
    label: string,
    placeholder: string,
    { hint, path = `/body/${name}` }: { hint?: string; path?: string },
  ) => (
    <InputField
      id={ids[name]}
      label={label}
      error={byField[path]}
      type="url"
      inputMode="url"
      placeholder={placeholder}
      value={draft[name]}
      onChange={(value) => set({ [name]: value })}
      {...(hint ? { hint } : {})}
    />
  );

  return (
    <details className={styles.controls} open={open} data-testid="link-controls">
      <summary className={styles.summary}>
        Link controls: schedule, scan limit, password, UTM{apps ? ', apps' : ''}
      </summary>
      <div className={styles.body}>
        <fieldset className={styles.group}>
          <legend>When it works</legend>
          <p id={ids.zone} className={formStyles.hint} data-testid="time-zone">
            Times are in your time zone, {zone}.
          </p>
          <div className={styles.pair}>
            {timeField('activeFrom', 'Active from')}
            {timeField('expiresAt', 'Expires')}
          </div>
          <InputField
            id={ids.maxScans}
            label="Scan limit"
            hint="Counted scans (bots excluded); empty for no limit."
            error={byField['/body/maxScans']}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.maxScans}
            onChange={(maxScans) => set({ maxScans })}
          />
          {urlField(
            'expiredTarget',
            'When inactive, expired or used up, send to',
            'https://example.com/offer-ended',
            {
              hint: 'Empty: scanners see a page that says which (HTTP 410).',
            },
          )}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Password</legend>
          <PasswordField
            draft={draft.password}
            onChange={(password) => set({ password })}
            protectedNow={protectedNow}
            error={byField['/body/password']}
          />
        </fieldset>

        <fieldset className={styles.group} aria-describedby={`${ids.utm}-hint`}>
          <legend>UTM parameters</legend>
          <p id={`${ids.utm}-hint`} className={formStyles.hint}>
            {utmHint}
          </p>
          <div className={styles.utmGrid}>
            {UTM_FIELDS.map((field) => (
              <div key={field} className={formStyles.field}>
                <label htmlFor={`${ids.utm}-${field}`}>UTM {field}</label>
                <input
                  id={`${ids.utm}-${field}`}
                  value={draft.utm[field]}
                  maxLength={200}
                  placeholder={UTM_EXAMPLES[field]}
                  onChange={(event) => setUtm(field, event.target.value)}
                  aria-invalid={byField[`/body/utm/${field}`] !== undefined}
                />
              </div>
            ))}
          </div>
          {utmError && <p className="rq-error">{utmError}</p>}
          <UtmPreview target={defaultTarget} draft={draft.utm} />
        </fieldset>

        {apps && (
          <fieldset className={styles.group}>
            <legend>Apps</legend>
            <p className={formStyles.hint}>
              Phones are sent to their app first, before any rule: an App Store or universal link for iOS, a
              Play Store or app link for Android.
            </p>
            <div className={styles.pair}>
              {urlField('ios', 'iOS target', 'https://apps.apple.com/app/id…', { path: '/body/apps/ios' })}
              {urlField('android', 'Android target', 'https://play.google.com/store/apps/details?id=…', {
                path: '/body/apps/android',
              })}
            </div>
            {appsError && <p className="rq-error">{appsError}</p>}
          </fieldset>
        )}
      </div>
    </details>
  );
}
