/**
 * A code's attribution as its editor holds it: follow the workspace's default (the API's null), or
 * its own on/off with the parameter's name. Pure: no I/O.
 */

export interface Attribution {
  enabled: boolean;
  parameter: string;
}

export type AttributionChoice = 'default' | 'on' | 'off';

export interface AttributionDraft {
  choice: AttributionChoice;
  parameter: string;
}

export const DEFAULT_PARAMETER = 'rq_id';
/** The API's rule for the parameter's name (a query parameter that needs no escaping). */
export const PARAMETER_PATTERN = /^[A-Za-z0-9_.~-]{1,40}$/;

export function attributionDraftOf(attribution: Attribution | null | undefined): AttributionDraft {
  if (!attribution) return { choice: 'default', parameter: DEFAULT_PARAMETER };
  return { choice: attribution.enabled ? 'on' : 'off', parameter: attribution.parameter };
}

/** The body's `attribution`: null to follow the default, else the code's own setting. */
export function attributionBodyOf(draft: AttributionDraft): Attribution | null {
  if (draft.choice === 'default') return null;
  return { enabled: draft.choice === 'on', parameter: draft.parameter.trim() || DEFAULT_PARAMETER };
}

/** Whether the draft says something other than the code's saved setting (a patch sends only changes). */
export function attributionChanged(draft: AttributionDraft, saved: Attribution | null | undefined): boolean {
  const body = attributionBodyOf(draft);
  if (body === null || !saved) return body !== (saved ?? null);
  return body.enabled !== saved.enabled || body.parameter !== saved.parameter;
}

/** Where a target with attribution on is sent: `https://shop.example.com/?rq_id=<scan id>`. */
export function exampleTarget(target: string, parameter: string): string {
  const name = parameter.trim() || DEFAULT_PARAMETER;
  try {
    const url = new URL(target);
    url.searchParams.append(name, 'SCAN_ID');
    return url.toString().replace('SCAN_ID', '<scan id>');
  } catch {
    return `…?${name}=<scan id>`;
  }
}
