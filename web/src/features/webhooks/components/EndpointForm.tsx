import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage, { type FieldSentences } from '@site/src/components/ProblemMessage';
import type { WebhookEventType, WebhookInput } from '@site/src/features/webhooks/api/types';
import { inPickerOrder } from '@site/src/features/webhooks/model/eventTypes';
import { splitProblem } from '@site/src/lib/formProblem';
import { type FormEvent, useId, useState } from 'react';
import EventPicker from './EventPicker';
import styles from './Webhooks.module.css';

/** The fields the API can refuse, by path, named for the sentence beside each. */
const LABELS = { '/body/url': 'The URL', '/body/description': 'The description', '/body/events': 'Events' };

/** What to do about each refused field, said once beside it. */
const FIELD_SENTENCES: FieldSentences = {
  '/body/url': 'Enter the https:// URL of your receiver; addresses inside private networks are refused.',
  '/body/description': 'Keep the description to 500 characters or fewer.',
  '/body/events': 'Choose at least one event.',
};

function sentenceFor(byField: Record<string, string>, path: keyof typeof LABELS): string | undefined {
  return byField[path] ? FIELD_SENTENCES[path] : undefined;
}

/** Create or edit an endpoint: its URL, a description and the events it receives. */
export default function EndpointForm({
  label,
  initial,
  submitText,
  busyText,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name ("Add an endpoint", "Edit https://…"). */
  label: string;
  initial: WebhookInput;
  submitText: string;
  busyText: string;
  /** Resolves when saved; a rejection is the problem shown. */
  onSubmit: (input: WebhookInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description);
  const [events, setEvents] = useState<WebhookEventType[]>(initial.events);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ids = {
    url: useId(),
    urlError: useId(),
    description: useId(),
    eventsError: useId(),
    urlHint: useId(),
  };
  const { byField, general } = splitProblem(error, LABELS);
  const urlProblem = sentenceFor(byField, '/body/url');
  const eventsProblem =
    sentenceFor(byField, '/body/events') ??
    (error === 'no-events' ? FIELD_SENTENCES['/body/events'] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setError('no-events');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        url: url.trim(),
        description: description.trim(),
        events: inPickerOrder(events),
      });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={formStyles.form} aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <div className={formStyles.field}>
        <label htmlFor={ids.url}>Endpoint URL</label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          required
          value={url}
          placeholder="https://example.com/hooks/rq"
          aria-invalid={urlProblem ? true : undefined}
          aria-describedby={urlProblem ? `${ids.urlHint} ${ids.urlError}` : ids.urlHint}
          onChange={(event) => setUrl(event.target.value)}
        />
        <span id={ids.urlHint} className={formStyles.hint}>
          We <code>POST</code> each event here, signed (Standard Webhooks).
        </span>
        {urlProblem && (
          <p id={ids.urlError} className="rq-error" role="alert">
            {urlProblem}
          </p>
        )}
      </div>
      <div className={formStyles.field}>
        <label htmlFor={ids.description}>Description (optional)</label>
        <input
          id={ids.description}
          value={description}
          maxLength={500}
          placeholder="CRM sync"
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <EventPicker
        chosen={events}
        onChange={setEvents}
        invalid={eventsProblem !== undefined}
        describedBy={eventsProblem ? ids.eventsError : undefined}
      />
      {eventsProblem && (
        <p id={ids.eventsError} className="rq-error" role="alert">
          {eventsProblem}
        </p>
      )}
      {general !== null && general !== 'no-events' && (
        <ProblemMessage error={general} fieldSentences={FIELD_SENTENCES} />
      )}
      <div className={styles.buttons}>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? busyText : submitText}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
