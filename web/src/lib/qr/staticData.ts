/**
 * Static data of a code (API.md "QR codes"), one shape per kind: what the design tool's form edits.
 * `encodeStaticData` of @rq/qr, which the server uses too, gives the text its symbol encodes.
 */
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

/** The kinds in the order the form offers them, the most wanted first. */
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
