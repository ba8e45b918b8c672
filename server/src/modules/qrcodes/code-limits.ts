import { URL_MAX_LENGTH } from '../../shared/http-url.js';

/**
 * The sizes a code's fields may have, apart from qrcodes.validate.ts (which loads @rq/qr for static
 * data) so the edge can read the exec timeouts without loading the renderer.
 */
export const LIMITS = {
  urlLength: URL_MAX_LENGTH,
  textLength: 2900,
  fieldLength: 500,
  titleLength: 200,
  tagLength: 50,
  tags: 20,
  rules: 50,
  execTimeoutMin: 100,
  execTimeoutMax: 5000,
  execTimeoutDefault: 1500,
} as const;
