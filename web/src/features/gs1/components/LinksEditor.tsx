import formStyles from '@site/src/components/Form.module.css';
import { useId } from 'react';
import { COMMON_LINK_TYPES, emptyLink, type LinkDraft } from '../model/itemDraft';
import styles from './Gs1.module.css';

/** One field of a link row, with the API's problem for it (by field path) under it. */
function Field({
  id,
  label,
  value,
  onChange,
  error,
  wide = false,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  wide?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <div className={`${formStyles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="rq-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A level's links: each a link type (GS1 Web Vocabulary), title, URL, languages and contexts, which
 * the resolver negotiates among. `base` is the links' path in the API body ('/body/links'), so each
 * field shows the API's problem for it.
 */
export default function LinksEditor({
  links,
  onChange,
  base,
  errors,
  label,
}: {
  links: LinkDraft[];
  onChange: (links: LinkDraft[]) => void;
  base: string;
  errors: Readonly<Record<string, string>>;
  /** Names the level in each row's legend ("Lot LOT01"). */
  label: string;
}) {
  const id = useId();
  const listId = `${id}-types`;
  const set = (index: number, change: Partial<LinkDraft>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));
  return (
    <div>
      <datalist id={listId}>
        {COMMON_LINK_TYPES.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </datalist>
      {links.map((link, index) => {
        const at = (field: string) => errors[`${base}/${index}/${field}`];
        const fieldId = (field: string) => `${id}-${link.key}-${field}`;
        return (
          <fieldset key={link.key} className={styles.linkRow}>
            <legend>
              {label}: link {index + 1}
            </legend>
            <Field
              id={fieldId('type')}
              label="Link type"
              value={link.linkType}
              onChange={(linkType) => set(index, { linkType })}
              error={at('linkType')}
              list={listId}
              spellCheck={false}
              required
            />
            <Field
              id={fieldId('title')}
              label="Title"
              value={link.title}
              onChange={(title) => set(index, { title })}
              error={at('title')}
              required
            />
            <Field
              id={fieldId('languages')}
              label="Languages (comma-separated)"
              value={link.languages}
              onChange={(languages) => set(index, { languages })}
              error={at('hreflang')}
              placeholder="en, en-GB"
              spellCheck={false}
            />
            <Field
              id={fieldId('href')}
              label="Link URL"
              value={link.href}
              onChange={(href) => set(index, { href })}
              error={at('href')}
              type="text"
              inputMode="url"
              placeholder="https://example.com/product?lot={lotnumber}"
              spellCheck={false}
              required
              wide
            />
            <Field
              id={fieldId('contexts')}
              label="Contexts (comma-separated, optional)"
              value={link.contexts}
              onChange={(contexts) => set(index, { contexts })}
              error={at('context')}
              spellCheck={false}
            />
            <Field
              id={fieldId('media')}
              label="Media type (optional)"
              value={link.mediaType}
              onChange={(mediaType) => set(index, { mediaType })}
              error={at('type')}
              placeholder="text/html"
              spellCheck={false}
            />
            <div className={formStyles.row}>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => onChange(links.filter((_, i) => i !== index))}
              >
                Remove link {index + 1}
              </button>
            </div>
          </fieldset>
        );
      })}
      {errors[base] && <p className="rq-error">{errors[base]}</p>}
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() => onChange([...links, emptyLink(links[0]?.linkType ?? 'gs1:pip')])}
      >
        Add a link
      </button>
    </div>
  );
}
