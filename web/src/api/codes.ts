import type { StyleInput } from '@rq/qr';
import type { StaticData } from '@site/src/lib/qr/staticData';
import type { ApiAnswer, ApiBody } from './types';

type ApiQrCode = ApiAnswer<'/api/v1/qrcodes/{id}'>;

/** A QR code as the API answers it, its static data read by kind (see StaticData). */
export type QrCode = Omit<ApiQrCode, 'data'> & { data: StaticData | null };

/**
 * A style as the API takes it (API.md "Style"); the design tool builds one, codes and designs store
 * one. The OpenAPI document leaves it an open object (the QR package validates it), so its shape is
 * the QR package's.
 */
export type Style = StyleInput;

/**
 * Static data of a code (API.md "QR codes"), one shape per kind, as the design tool's form edits it
 * (lib/qr/staticData.ts). The OpenAPI document describes one object whose fields are all optional
 * but `kind`; which ones a kind requires is checked by the server in code, so the site spells the
 * kinds out, and the check below keeps them within the API's.
 */
export type { StaticData };

/** Compiles only while every kind fits the API's schema. */
export const staticDataFitsTheApi: StaticData extends NonNullable<ApiQrCode['data']> ? true : false = true;

/**
 * A code as the site reads it, from the API's answer: its static data by kind. The server checked each
 * kind's fields when it stored them, so a field the kind requires is there; '' and 0 stand in only if not.
 */
export function codeOf(code: ApiQrCode): QrCode {
  return { ...code, data: code.data === null ? null : staticDataOf(code.data) };
}

function staticDataOf(data: NonNullable<ApiQrCode['data']>): StaticData {
  switch (data.kind) {
    case 'text':
      return { kind: 'text', text: data.text ?? '' };
    case 'url':
      return { kind: 'url', url: data.url ?? '' };
    case 'email':
      return { kind: 'email', to: data.to ?? '', subject: data.subject, body: data.body };
    case 'phone':
      return { kind: 'phone', number: data.number ?? '' };
    case 'sms':
      return { kind: 'sms', number: data.number ?? '', message: data.message };
    case 'wifi':
      return {
        kind: 'wifi',
        ssid: data.ssid ?? '',
        password: data.password,
        encryption: data.encryption ?? 'nopass',
        hidden: data.hidden,
      };
    case 'vcard': {
      const { name = '', org, phone, email, url, address } = data;
      return { kind: 'vcard', name, org, phone, email, url, address };
    }
    case 'geo':
      return { kind: 'geo', lat: data.lat ?? 0, lng: data.lng ?? 0 };
  }
}

export type CodeMode = QrCode['mode'];

export type ScanTotals = QrCode['scans'];

/** The body of `POST /qrcodes`. */
export type NewCode = ApiBody<'/api/v1/qrcodes', 'post'>;

/** What the design tool encodes: a URL for a dynamic code, or static data. */
export type CodeContent =
  | { mode: 'redirect' | 'exec'; target?: string }
  | { mode: 'static'; data: StaticData };

export type { Page } from './types';

/** A saved design (API.md "Designs"). */
export type Design = ApiAnswer<'/api/v1/designs/{id}'>;

/** GET /slugs/{slug}: whether a new code may take the slug. */
export type SlugAvailability = ApiAnswer<'/api/v1/slugs/{slug}'>;

/** The image of an answer as a URL an <img> can show (SVG text or PNG base64). */
export function imageSource(image: { format: 'svg' | 'png'; data: string }): string {
  return image.format === 'svg'
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.data)}`
    : `data:image/png;base64,${image.data}`;
}
