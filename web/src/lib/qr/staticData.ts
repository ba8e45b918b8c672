/**
 * The text a static code's symbol encodes, for the design tool's preview. The browser's twin of the
 * server's `encodeStaticData` (server/src/modules/qrcodes/static-data.ts); e2e/design-tool-static-data.spec.ts
 * checks that both give the same text for every kind.
 */
/** Static data of a code (API.md "QR codes"), one shape per kind. */
export type StaticData =
  | { kind: 'text'; text: string }
  | { kind: 'url'; url: string }
  | { kind: 'email'; to: string; subject?: string; body?: string }
  | { kind: 'phone'; number: string }
  | { kind: 'sms'; number: string; message?: string }
  | { kind: 'wifi'; ssid: string; password?: string; encryption: 'WPA' | 'WEP' | 'nopass'; hidden?: boolean }
  | {
      kind: 'vcard';
      name: string;
      org?: string;
      phone?: string;
      email?: string;
      url?: string;
      address?: string;
    }
  | { kind: 'geo'; lat: number; lng: number };

export type StaticKind = StaticData['kind'];

export const STATIC_KINDS: readonly StaticKind[] = [
  'url',
  'text',
  'email',
  'phone',
  'sms',
  'wifi',
  'vcard',
  'geo',
];

/** The number as it goes into `tel:` and `SMSTO:`: the + and the digits only. */
function compactPhoneNumber(value: string): string {
  return (value.trim().startsWith('+') ? '+' : '') + value.replace(/\D/g, '');
}

/** Escapes `\ ; , : "` with a backslash, as the WIFI: format wants. */
function escapeWifi(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** vCard 3.0 text escaping (RFC 2426 §5): backslash, comma, semicolon and newlines. */
function escapeVcard(value: string): string {
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
  const fixed = value.toFixed(7).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** The text a static code's symbol encodes (mailto:, tel:, SMSTO:, WIFI:, vCard 3.0, geo:). */
export function encodeStaticData(data: StaticData): string {
  switch (data.kind) {
    case 'text':
      return data.text;
    case 'url':
      return data.url;
    case 'email': {
      const query = new URLSearchParams();
      if (data.subject) query.set('subject', data.subject);
      if (data.body) query.set('body', data.body);
      const search = query.toString().replace(/\+/g, '%20');
      return `mailto:${data.to}${search ? `?${search}` : ''}`;
    }
    case 'phone':
      return `tel:${compactPhoneNumber(data.number)}`;
    case 'sms':
      return `SMSTO:${compactPhoneNumber(data.number)}:${data.message ?? ''}`;
    case 'wifi': {
      const encryption = data.encryption;
      let text = `WIFI:T:${encryption};S:${escapeWifi(data.ssid)};`;
      if (encryption !== 'nopass') text += `P:${escapeWifi(data.password ?? '')};`;
      if (data.hidden) text += 'H:true;';
      return `${text};`;
    }
    case 'vcard': {
      const lines = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:${vcardName(data.name)}`,
        `FN:${escapeVcard(data.name)}`,
      ];
      if (data.org) lines.push(`ORG:${escapeVcard(data.org)}`);
      if (data.phone) lines.push(`TEL:${compactPhoneNumber(data.phone)}`);
      if (data.email) lines.push(`EMAIL:${escapeVcard(data.email)}`);
      if (data.url) lines.push(`URL:${escapeVcard(data.url)}`);
      if (data.address) lines.push(`ADR:;;${escapeVcard(data.address)};;;;`);
      lines.push('END:VCARD');
      return lines.join('\r\n');
    }
    case 'geo':
      return `geo:${formatCoordinate(data.lat)},${formatCoordinate(data.lng)}`;
  }
}
