import { applyMergePatch } from '../../shared/merge-patch.js';
import type { FieldError } from '../../shared/problem.js';
import type { AppLinks } from './hostnames.schemas.js';

/** Checks a value against the `AppLinks` schema; field errors under the given path (the route's Ajv). */
export type AppLinksShapeCheck = (candidate: unknown, path: string) => FieldError[];

/** Apple reads at most 128 KB of an apple-app-site-association file; we hold both files to it. */
export const APP_LINK_FILE_MAX_BYTES = 128 * 1024;

const PATH = '/body/appLinks';

export type AppLinksOutcome = { ok: true; appLinks: AppLinks | null } | { ok: false; errors: FieldError[] };

/**
 * The app links after a merge patch (RFC 7396): checked against the schema, each AASA entry
 * naming an app, each file within the size Apple accepts. Null when nothing is left.
 */
export function patchAppLinks(
  current: AppLinks | null,
  patch: Record<string, unknown> | null,
  checkShape: AppLinksShapeCheck,
): AppLinksOutcome {
  const merged = patch === null ? {} : applyMergePatch(current ?? {}, patch);
  const shapeErrors = checkShape(merged, PATH);
  if (shapeErrors.length > 0) return { ok: false, errors: shapeErrors };
  const appLinks = merged as AppLinks;
  const errors = [...detailsWithoutApp(appLinks), ...oversizedFiles(appLinks)];
  if (errors.length > 0) return { ok: false, errors };
  const empty = !appLinks.appleAppSiteAssociation && !appLinks.assetLinks;
  return { ok: true, appLinks: empty ? null : appLinks };
}

function detailsWithoutApp(appLinks: AppLinks): FieldError[] {
  const details = appLinks.appleAppSiteAssociation?.applinks?.details ?? [];
  return details.flatMap((detail, index) =>
    detail.appID === undefined && detail.appIDs === undefined
      ? [
          {
            path: `${PATH}/appleAppSiteAssociation/applinks/details/${index}`,
            message: 'names no app: give appID or appIDs',
          },
        ]
      : [],
  );
}

function oversizedFiles(appLinks: AppLinks): FieldError[] {
  const files = appLinkFiles(appLinks);
  const errors: FieldError[] = [];
  for (const [field, text] of [
    ['appleAppSiteAssociation', files.appleAppSiteAssociation],
    ['assetLinks', files.assetLinks],
  ] as const) {
    const bytes = text === null ? 0 : Buffer.byteLength(text);
    if (bytes > APP_LINK_FILE_MAX_BYTES) {
      errors.push({
        path: `${PATH}/${field}`,
        message: `is ${Math.ceil(bytes / 1024)} KiB as JSON; at most ${APP_LINK_FILE_MAX_BYTES / 1024} KiB`,
      });
    }
  }
  return errors;
}

/** The two files as served: JSON text, or null when the hostname has none (a 404). */
export interface AppLinkFiles {
  appleAppSiteAssociation: string | null;
  assetLinks: string | null;
}

export function appLinkFiles(appLinks: AppLinks | null): AppLinkFiles {
  return {
    appleAppSiteAssociation: appLinks?.appleAppSiteAssociation
      ? JSON.stringify(appLinks.appleAppSiteAssociation)
      : null,
    assetLinks: appLinks?.assetLinks ? JSON.stringify(appLinks.assetLinks) : null,
  };
}

export const parseAppLinks = (json: string | null): AppLinks | null =>
  json === null ? null : (JSON.parse(json) as AppLinks);
