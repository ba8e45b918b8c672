/** Why a design cannot be scanned reliably; the same words in validation issues and in `verify()`. */
export type UnscannableReason =
  | 'contrast_too_low'
  | 'logo_too_large'
  | 'quiet_zone_too_small'
  | 'size_too_small'
  | 'other';

/**
 * Why a well-formed style cannot be drawn as asked: it would not scan (an `UnscannableReason`), or its
 * frame text has a character the embedded font cannot draw (`glyph_missing`).
 */
export type IssueReason = UnscannableReason | 'glyph_missing';

/** One problem in a style, at a JSON pointer such as `/style/dots/type`. */
export interface StyleIssue {
  path: string;
  message: string;
  /** Set when the style is well-formed but cannot be drawn as asked; absent for malformed values. */
  reason?: IssueReason;
}

export type QrErrorCode =
  | 'invalid_data'
  | 'data_too_long'
  | 'invalid_style'
  | 'invalid_logo'
  | 'logo_fetch_required'
  | 'verifier_not_configured';

/** Every error this package throws; `code` is stable, `message` is for people. */
export class QrError extends Error {
  readonly code: QrErrorCode;

  constructor(code: QrErrorCode, message: string) {
    super(message);
    this.name = 'QrError';
    this.code = code;
  }
}

/** The data does not fit a QR code at the chosen level (and version); `capacity` is in bytes (byte mode). */
export class DataTooLongError extends QrError {
  readonly length: number;
  readonly capacity: number;
  readonly errorCorrection: string;
  readonly version: number | null;

  constructor(length: number, capacity: number, errorCorrection: string, version: number | null) {
    const where =
      version === null ? `level ${errorCorrection}` : `level ${errorCorrection} and version ${version}`;
    super(
      'data_too_long',
      `The data is ${length} bytes; at error-correction ${where} a QR code holds at most ${capacity} bytes.`,
    );
    this.name = 'DataTooLongError';
    this.length = length;
    this.capacity = capacity;
    this.errorCorrection = errorCorrection;
    this.version = version;
  }
}

/** The style failed validation; `issues` carry field paths for an API problem body. */
export class StyleError extends QrError {
  readonly issues: StyleIssue[];

  constructor(issues: StyleIssue[]) {
    super('invalid_style', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
    this.name = 'StyleError';
    this.issues = issues;
  }
}
