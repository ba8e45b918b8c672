/**
 * @rq/qr: styled QR codes that scan. Browser-safe: no Node built-ins and no DOM.
 *
 * Logos are taken as bytes or `data:` URLs only. Fetching a logo from an http(s) URL is the server's job,
 * behind its SSRF guard; it then passes the bytes through `logoFromBytes()` into `style.logo.src`.
 */

export {
  assertLegibleSize,
  createDesign,
  type Design,
  logoSide,
  MIN_PIXELS_PER_MODULE,
  minimumPixelWidth,
  minVersionForLogo,
} from './design.js';
export { capacityOf, type EncodeOptions, type ErrorCorrection, encode, type QrMatrix } from './encode.js';
export { designToEps, type EpsOptions, type Pixels, POINTS_PER_PIXEL } from './eps.js';
export {
  DataTooLongError,
  type IssueReason,
  QrError,
  type QrErrorCode,
  StyleError,
  type StyleIssue,
  type UnscannableReason,
} from './errors.js';
export {
  bytesOfDataUrl,
  type LogoImage,
  type LogoType,
  logoFromBytes,
  logoHref,
  logoImage,
  sniffLogoType,
} from './logo.js';
export {
  encodeStaticData,
  escapeVcard,
  escapeWifi,
  STATIC_FIELDS,
  STATIC_KINDS,
  type StaticData,
  type StaticKind,
  WIFI_ENCRYPTIONS,
} from './static-data.js';
export {
  CORNER_DOT_TYPES,
  CORNER_SQUARE_TYPES,
  type CornerDotType,
  type CornerSquareType,
  DEFAULT_STYLE,
  DOT_TYPES,
  type DotType,
  ERROR_CORRECTION_LEVELS,
  effectiveErrorCorrection,
  type Gradient,
  GradientSchema,
  LOGO_AREA_CAPS,
  LOGO_MAX_SIZE,
  MIN_CONTRAST,
  MIN_MARGIN,
  type Paint,
  type ResolvedStyle,
  resolveStyle,
  type StyleInput,
  StyleSchema,
  type ValidationResult,
  validateStyle,
} from './style.js';
export { designToSvg, renderSvg, type SvgOptions } from './svg.js';
export {
  cmykOf,
  type Layer,
  PRINT_QUIET_ZONE,
  pathSegments,
  type Segment,
  type VectorModel,
  vectorModel,
  withPrintQuietZone,
} from './vector.js';
export {
  configureVerifier,
  type ImageDataLike,
  isVerifierConfigured,
  VERIFY_MIN_CONTRAST,
  type VerifyOptions,
  type VerifyResult,
  verify,
} from './verify.js';
