import type { StyleInput } from '@rq/qr';

/** A style as the API takes it (API.md "Style"); the design tool builds one, codes and designs store one. */
export type Style = StyleInput;

/** Static data of a code (API.md "QR codes"), one shape per kind. */
export type StaticData =
  | { kind: 'text'; text: string }
  | { kind: 'url'; url: string }
  | { kind: 'email'; to: string; subject?: string; body?: string }
  | { kind: 'phone'; number: string }
  | { kind: 'sms'; number: string; message?: string }
  | {
      kind: 'wifi';
      ssid: string;
      password?: string;
      encryption: 'WPA' | 'WEP' | 'nopass';
      hidden?: boolean;
    }
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

/** What the design tool encodes: a URL for a dynamic code, or static data. */
export type CodeContent =
  | { mode: 'redirect' | 'exec'; target?: string }
  | { mode: 'static'; data: StaticData };

export type CodeMode = 'static' | 'redirect' | 'exec';

export interface ScanTotals {
  total: number;
  uniqueToday: number;
  lastAt: string | null;
}

/** A QR code as the API answers it. */
export interface QrCode {
  id: string;
  slug: string;
  hostname: string | null;
  shortUrl: string;
  mode: CodeMode;
  target: string | null;
  data: StaticData | null;
  exec: { url: string; timeoutMs: number; fallback: string } | null;
  rules: string[];
  style: Style;
  title: string | null;
  tags: string[];
  enabled: boolean;
  scans: ScanTotals;
  createdAt: string;
  updatedAt: string;
  /** What will not work as meant, e.g. an exec URL the server may not call (not public). */
  warnings?: string[];
  /** The SVG at a signed URL an <img> loads without credentials; a new URL whenever the image changes. */
  imageUrl: string;
  image?: { format: 'svg' | 'png'; data: string; url: string };
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** A saved design (API.md "Designs"). */
export interface Design {
  id: string;
  name: string;
  style: Style;
  createdAt: string;
  updatedAt: string;
}

/** GET /slugs/{slug}: whether a new code may take the slug. */
export interface SlugAvailability {
  available: boolean;
  reason: 'taken' | 'reserved' | 'invalid' | null;
}

/** The image of an answer as a URL an <img> can show (SVG text or PNG base64). */
export function imageSource(image: { format: 'svg' | 'png'; data: string }): string {
  return image.format === 'svg'
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.data)}`
    : `data:image/png;base64,${image.data}`;
}
