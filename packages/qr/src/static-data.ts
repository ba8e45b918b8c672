/**
 * Static codes: the data a static code holds (one kind of content, with the fields of that kind)
 * and the text its symbol encodes (mailto:, tel:, SMSTO:, WIFI:, vCard 3.0, geo:). One encoder for
 * the server, which stores and renders the code, and the design tool, which previews it.
 */

export const STATIC_KINDS = ['text', 'url', 'email', 'phone', 'sms', 'wifi', 'vcard', 'geo'] as const;
export type StaticKind = (typeof STATIC_KINDS)[number];

export const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;

/**
 * What static data may hold: every field of every kind. Which fields a kind takes, and what each
 * may be, the server's qrcodes.validate.ts checks.
 */
export interface StaticData {
  kind: StaticKind;
  text?: string;
  url?: string;
  to?: string;
  subject?: string;
  body?: string;
  number?: string;
  message?: string;
  ssid?: string;
  password?: string;
  encryption?: (typeof WIFI_ENCRYPTIONS)[number];
  hidden?: boolean;
  name?: string;
  org?: string;
  phone?: string;
  email?: string;
  address?: string;
  lat?: number;
  lng?: number;
}

/** The fields of each kind: `true` marks a required one. */
export const STATIC_FIELDS: Readonly<Record<StaticKind, Readonly<Record<string, boolean>>>> = {
  text: { text: true },
  url: { url: true },
  email: { to: true, subject: false, body: false },
  phone: { number: true },
  sms: { number: true, message: false },
  wifi: { ssid: true, password: false, encryption: true, hidden: false },
  vcard: { name: true, org: false, phone: false, email: false, url: false, address: false },
  geo: { lat: true, lng: true },
};

/** The number as it goes into `tel:` and `SMSTO:`: the + and the digits only. */
function compactPhoneNumber(value: string): string {
  return (value.trim().startsWith('+') ? '+' : '') + value.replace(/\D/g, '');
}

/** Escapes `\ ; , : "` with a backslash, as the WIFI: format wants. */
export function escapeWifi(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** vCard 3.0 text escaping (RFC 2426 §5): backslash, comma, semicolon and newlines. */
export function escapeVcard(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function vcardName(name: string): string {
  const parts = name.trim().split(/\s+/);
  const family = parts.length > 1 ? (parts.pop() ?? '') : '';
  return `${escapeVcard(family)};${escapeVcard(parts.join(' '))};;;`;
}

function formatCoordinate(value: number): string {
  // At most 7 decimals (about 1 cm), trailing zeros dropped; never exponent notation or "-0".
  const fixed = value.toFixed(7).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** The text a static code's symbol encodes. */
export function encodeStaticData(data: StaticData): string {
  switch (data.kind) {
    case 'text':
      return data.text ?? '';
    case 'url':
      return data.url ?? '';
    case 'email': {
      const query = new URLSearchParams();
      if (data.subject) query.set('subject', data.subject);
      if (data.body) query.set('body', data.body);
      // mailto wants %20 for spaces (RFC 6068), not URLSearchParams' +.
      const search = query.toString().replace(/\+/g, '%20');
      return `mailto:${data.to ?? ''}${search ? `?${search}` : ''}`;
    }
    case 'phone':
      return `tel:${compactPhoneNumber(data.number ?? '')}`;
    case 'sms':
      return `SMSTO:${compactPhoneNumber(data.number ?? '')}:${data.message ?? ''}`;
    case 'wifi': {
      const encryption = data.encryption ?? 'nopass';
      let text = `WIFI:T:${encryption};S:${escapeWifi(data.ssid ?? '')};`;
      if (encryption !== 'nopass') text += `P:${escapeWifi(data.password ?? '')};`;
      if (data.hidden) text += 'H:true;';
      return `${text};`;
    }
    case 'vcard': {
      const name = data.name ?? '';
      const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${vcardName(name)}`, `FN:${escapeVcard(name)}`];
      if (data.org) lines.push(`ORG:${escapeVcard(data.org)}`);
      if (data.phone) lines.push(`TEL:${compactPhoneNumber(data.phone)}`);
      if (data.email) lines.push(`EMAIL:${escapeVcard(data.email)}`);
      if (data.url) lines.push(`URL:${escapeVcard(data.url)}`);
      if (data.address) lines.push(`ADR:;;${escapeVcard(data.address)};;;;`);
      lines.push('END:VCARD');
      return lines.join('\r\n');
    }
    case 'geo':
      return `geo:${formatCoordinate(data.lat ?? 0)},${formatCoordinate(data.lng ?? 0)}`;
  }
}
