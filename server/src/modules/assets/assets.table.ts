import type { Insertable, Selectable } from 'kysely';

export interface AssetsTable {
  id: string;
  account_id: string;
  /** image/png, image/jpeg, image/webp or image/svg+xml, as sniffed from the bytes. */
  content_type: string;
  byte_length: number;
  /** SHA-256 of the stored bytes, hex: the ETag, and one asset per account for the same image. */
  sha256: string;
  /** The image (an SVG as sanitised); Buffer from both drivers. */
  data: Buffer;
  created_at: number;
}

export type AssetRow = Selectable<AssetsTable>;
export type NewAssetRow = Insertable<AssetsTable>;
