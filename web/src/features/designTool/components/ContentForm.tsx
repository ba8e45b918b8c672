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
      return (
        <TextInput
          label="URL"
          type="url"
          required
          value={content.url}
          onChange={(url) => onChange({ ...content, url })}
        />
      );
    case 'text':
      return (
        <TextInput
          label="Text"
          multiline
          required
          value={content.text}
          onChange={(text) => onChange({ ...content, text })}
        />
      );
    case 'email':
      return (
        <>
          <TextInput
            label="To"
            type="email"
            required
            value={content.to}
            onChange={(to) => onChange({ ...content, to })}
          />
          <TextInput
            label="Subject"
            value={content.subject ?? ''}
            onChange={(subject) => onChange({ ...content, subject })}
          />
          <TextInput
            label="Body"
            multiline
            value={content.body ?? ''}
            onChange={(body) => onChange({ ...content, body })}
          />
        </>
      );
    case 'phone':
      return (
        <TextInput
          label="Phone number"
          type="tel"
          required
          value={content.number}
          onChange={(number) => onChange({ ...content, number })}
        />
      );
    case 'sms':
      return (
        <>
          <TextInput
            label="Phone number"
            type="tel"
            required
            value={content.number}
            onChange={(number) => onChange({ ...content, number })}
          />
          <TextInput
            label="Message"
            multiline
            value={content.message ?? ''}
            onChange={(message) => onChange({ ...content, message })}
          />
        </>
      );
    case 'wifi':
      return (
        <>
          <TextInput
            label="Network name (SSID)"
            required
            value={content.ssid}
            onChange={(ssid) => onChange({ ...content, ssid })}
          />
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
    case 'vcard':
      return (
        <>
          <TextInput
            label="Name"
            required
            value={content.name}
            onChange={(name) => onChange({ ...content, name })}
          />
          <TextInput
            label="Organisation"
            value={content.org ?? ''}
            onChange={(org) => onChange({ ...content, org })}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={content.phone ?? ''}
            onChange={(phone) => onChange({ ...content, phone })}
          />
          <TextInput
            label="Email address"
            type="email"
            value={content.email ?? ''}
            onChange={(email) => onChange({ ...content, email })}
          />
          <TextInput
            label="Website"
            type="url"
            value={content.url ?? ''}
            onChange={(url) => onChange({ ...content, url })}
          />
          <TextInput
            label="Address"
            value={content.address ?? ''}
            onChange={(address) => onChange({ ...content, address })}
          />
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
