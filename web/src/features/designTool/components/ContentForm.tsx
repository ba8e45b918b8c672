import Checkbox from '@site/src/components/Checkbox';
import { CONTENT_EXAMPLES } from '@site/src/features/designTool/model/designState';
import type { StaticData, StaticKind } from '@site/src/lib/qr/staticData';
import { STATIC_KINDS } from '@site/src/lib/qr/staticData';
import type { ReactNode } from 'react';
import styles from './DesignTool.module.css';

const KIND_LABELS: Record<StaticKind, string> = {
  url: 'URL',
  text: 'Text',
  email: 'Email',
  phone: 'Phone',
  sms: 'SMS',
  wifi: 'Wi-Fi',
  vcard: 'Contact (vCard)',
  geo: 'Location',
};

function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  multiline = false,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  multiline?: boolean;
  required?: boolean;
}) {
  const id = `dt-content-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {required ? '' : ' (optional)'}
      </label>
      {multiline ? (
        <textarea id={id} rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          id={id}
          type={type}
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

function NumberInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = `dt-content-${label.toLowerCase()}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        step="any"
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(Number.parseFloat(event.target.value))}
      />
    </div>
  );
}

type ContentOf<K extends StaticKind> = Extract<StaticData, { kind: K }>;

/** The keys of a kind's content that hold text. */
type TextKey<C> = {
  [P in keyof C]-?: P extends 'kind' ? never : NonNullable<C[P]> extends string ? P : never;
}[keyof C];

interface TextField<C> {
  key: TextKey<C>;
  label: string;
  type?: string;
  multiline?: boolean;
  required?: boolean;
}

/**
 * Each kind's text fields in the form's order. Wi-Fi's security, password and hidden flag, and a
 * location's numbers, are drawn apart.
 */
const TEXT_FIELDS: { [K in StaticKind]: readonly TextField<ContentOf<K>>[] } = {
  url: [{ key: 'url', label: 'URL', type: 'url', required: true }],
  text: [{ key: 'text', label: 'Text', multiline: true, required: true }],
  email: [
    { key: 'to', label: 'To', type: 'email', required: true },
    { key: 'subject', label: 'Subject' },
    { key: 'body', label: 'Body', multiline: true },
  ],
  phone: [{ key: 'number', label: 'Phone number', type: 'tel', required: true }],
  sms: [
    { key: 'number', label: 'Phone number', type: 'tel', required: true },
    { key: 'message', label: 'Message', multiline: true },
  ],
  wifi: [{ key: 'ssid', label: 'Network name (SSID)', required: true }],
  vcard: [
    { key: 'name', label: 'Name', required: true },
    { key: 'org', label: 'Organisation' },
    { key: 'phone', label: 'Phone', type: 'tel' },
    { key: 'email', label: 'Email address', type: 'email' },
    { key: 'url', label: 'Website', type: 'url' },
    { key: 'address', label: 'Address' },
  ],
  geo: [],
};

/** One content's text fields, each editing its key. */
function TextFields<C extends StaticData>({
  content,
  fields,
  onChange,
}: {
  content: C;
  fields: readonly TextField<C>[];
  onChange: (content: StaticData) => void;
}) {
  return fields.map(({ key, label, type, multiline, required }) => (
    <TextInput
      key={String(key)}
      label={label}
      type={type}
      multiline={multiline}
      required={required}
      value={String(content[key] ?? '')}
      onChange={(value) => onChange({ ...content, [key]: value })}
    />
  ));
}

/** The fields of one kind of content. */
function KindFields({
  content,
  onChange,
}: {
  content: StaticData;
  onChange: (content: StaticData) => void;
}): ReactNode {
  switch (content.kind) {
    case 'url':
      return <TextFields content={content} fields={TEXT_FIELDS.url} onChange={onChange} />;
    case 'text':
      return <TextFields content={content} fields={TEXT_FIELDS.text} onChange={onChange} />;
    case 'email':
      return <TextFields content={content} fields={TEXT_FIELDS.email} onChange={onChange} />;
    case 'phone':
      return <TextFields content={content} fields={TEXT_FIELDS.phone} onChange={onChange} />;
    case 'sms':
      return <TextFields content={content} fields={TEXT_FIELDS.sms} onChange={onChange} />;
    case 'vcard':
      return <TextFields content={content} fields={TEXT_FIELDS.vcard} onChange={onChange} />;
    case 'wifi':
      return (
        <>
          <TextFields content={content} fields={TEXT_FIELDS.wifi} onChange={onChange} />
          <div className={styles.field}>
            <label htmlFor="dt-content-encryption">Security</label>
            <select
              id="dt-content-encryption"
              value={content.encryption}
              onChange={(event) =>
                onChange({ ...content, encryption: event.target.value as 'WPA' | 'WEP' | 'nopass' })
              }
            >
              <option value="WPA">WPA/WPA2/WPA3</option>
              <option value="WEP">WEP</option>
              <option value="nopass">None (open network)</option>
            </select>
          </div>
          {content.encryption !== 'nopass' && (
            <TextInput
              label="Password"
              value={content.password ?? ''}
              onChange={(password) => onChange({ ...content, password })}
            />
          )}
          <Checkbox
            className={styles.inline}
            checked={content.hidden ?? false}
            onChange={(ticked) => onChange({ ...content, hidden: ticked })}
          >
            Hidden network
          </Checkbox>
        </>
      );
    case 'geo':
      return (
        <>
          <NumberInput
            label="Latitude"
            value={content.lat}
            onChange={(lat) => onChange({ ...content, lat })}
          />
          <NumberInput
            label="Longitude"
            value={content.lng}
            onChange={(lng) => onChange({ ...content, lng })}
          />
        </>
      );
  }
}

/**
 * What the code holds: a URL or one static kind, each with its own form. `drafts` keeps what was typed
 * for every kind, so switching kinds back and forth loses nothing. `locked` (a code's style being edited)
 * shows what the code encodes instead.
 */
export default function ContentForm({
  content,
  onChange,
  drafts,
  locked,
}: {
  content: StaticData;
  onChange: (content: StaticData) => void;
  drafts: Partial<Record<StaticKind, StaticData>>;
  locked: string | null;
}) {
  if (locked !== null) {
    return (
      <p className={styles.hint}>
        This code encodes <code>{locked}</code>; its target and content are edited in the code manager.
      </p>
    );
  }
  return (
    <fieldset className={styles.content}>
      <legend>Content</legend>
      <div className={styles.kinds} role="radiogroup" aria-label="Kind of content">
        {STATIC_KINDS.map((kind) => (
          <label key={kind} className={kind === content.kind ? styles.kindActive : styles.kind}>
            <input
              type="radio"
              name="dt-kind"
              value={kind}
              checked={kind === content.kind}
              onChange={() => onChange(drafts[kind] ?? CONTENT_EXAMPLES[kind])}
            />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </div>
      <KindFields content={content} onChange={onChange} />
    </fieldset>
  );
}
