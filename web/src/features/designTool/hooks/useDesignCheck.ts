/**
 * Renders the design with packages/qr as the user edits (synchronously: the preview is never a step
 * behind), then judges it as the API would: the style's checks first (contrast, logo size, quiet zone,
 * frame glyphs), then zxing on the drawing; and, once it scans, the print-stress test.
 */
import {
  assertLegibleSize,
  createDesign,
  DataTooLongError,
  designToSvg,
  QrError,
  StyleError,
  type StyleIssue,
  type UnscannableReason,
} from '@rq/qr';
import type { ToolStyle } from '@site/src/features/designTool/model/designState';
import { ensureVerifier, printStress, type Robustness, verifySvg } from '@site/src/lib/qr/scannability';
import { useEffect, useMemo, useRef, useState } from 'react';

export type Verdict =
  | { status: 'checking' }
  | { status: 'scans' }
  | {
      status: 'fails';
      /** The API's reason (`contrast_too_low`, ...), or `invalid` for a value the API would refuse with 400. */
      reason: UnscannableReason | 'glyph_missing' | 'invalid' | 'data_too_long' | 'logo' | 'unchecked';
      /** The API's words for it (the `detail` of its 422 or 400). */
      detail: string;
      /** The style field to fix, as a JSON pointer; null when the content is at fault. */
      path: string | null;
    };

export type Rendered =
  | { ok: true; svg: string }
  | { ok: false; verdict: Extract<Verdict, { status: 'fails' }> };

/** The first issue that makes the API answer 422 unscannable_design, else the first one (400 or 422). */
function verdictOfIssues(issues: readonly StyleIssue[]): Extract<Verdict, { status: 'fails' }> {
  const unscannable = issues.find((issue) => issue.reason !== undefined && issue.reason !== 'glyph_missing');
  const issue = unscannable ?? issues[0];
  if (!issue) return { status: 'fails', reason: 'invalid', detail: 'The style is not valid.', path: null };
  if (issue.reason === 'glyph_missing') {
    return {
      status: 'fails',
      reason: 'glyph_missing',
      detail: `${issue.path}: ${issue.message}.`,
      path: issue.path,
    };
  }
  if (issue.reason) {
    return {
      status: 'fails',
      reason: issue.reason,
      detail: `The design would not scan reliably: ${issue.path} ${issue.message}.`,
      path: issue.path,
    };
  }
  return { status: 'fails', reason: 'invalid', detail: `${issue.path}: ${issue.message}`, path: issue.path };
}

/** Renders as the API does, or says why the API would refuse the design. */
export function renderDesign(text: string, style: ToolStyle): Rendered {
  try {
    const design = createDesign(text, style);
    // The API refuses a size that leaves a module under 2.5 px (size_too_small): so does the tool.
    assertLegibleSize(design);
    return { ok: true, svg: designToSvg(design) };
  } catch (error) {
    if (error instanceof StyleError) return { ok: false, verdict: verdictOfIssues(error.issues) };
    if (error instanceof DataTooLongError) {
      return {
        ok: false,
        verdict: { status: 'fails', reason: 'data_too_long', detail: error.message, path: null },
      };
    }
    if (error instanceof QrError) {
      const detail =
        error.code === 'logo_fetch_required'
          ? 'The logo at that URL is not in this page (yet): it is being fetched, or its site does not allow it (see Logo).'
          : error.message;
      return { ok: false, verdict: { status: 'fails', reason: 'logo', detail, path: '/style/logo/src' } };
    }
    throw error;
  }
}

/** The field a failed decode points at: the dots' colour for contrast, the logo's size, the margin. */
function pathOfReason(reason: UnscannableReason, style: ToolStyle): string | null {
  if (reason === 'contrast_too_low')
    return style.dots.gradient ? '/style/dots/gradient/stops/0/color' : '/style/dots/color';
  if (reason === 'logo_too_large') return '/style/logo/size';
  if (reason === 'quiet_zone_too_small') return '/style/margin';
  if (reason === 'size_too_small') return '/style/size';
  return null;
}

export interface DesignCheck {
  rendered: Rendered;
  /** The last SVG that rendered, shown dimmed while the current design cannot be drawn. */
  lastSvg: string | null;
  verdict: Verdict;
  /** The last print-stress result; `fresh` is false while the current design's is still running. */
  robustness: { value: Robustness | null; fresh: boolean; sequence: number };
  /** Increments with every design; the preview and the badge carry it, so a bench can tell them apart. */
  sequence: number;
}

export function useDesignCheck(text: string, style: ToolStyle, wasmUrl: string): DesignCheck {
  const rendered = useMemo(() => renderDesign(text, style), [text, style]);
  // One number per rendered design, for the preview and the badge to carry.
  const sequence = useRef<{ rendered: Rendered | null; current: number }>({ rendered: null, current: 0 });
  if (sequence.current.rendered !== rendered) {
    sequence.current = { rendered, current: sequence.current.current + 1 };
  }
  const current = sequence.current.current;
  const lastSvg = useRef<string | null>(null);
  if (rendered.ok) lastSvg.current = rendered.svg;
  const [verdict, setVerdict] = useState<{ sequence: number; verdict: Verdict }>({
    sequence: 0,
    verdict: { status: 'checking' },
  });
  const [robustness, setRobustness] = useState<{ sequence: number; value: Robustness | null }>({
    sequence: 0,
    value: null,
  });

  useEffect(() => {
    let stale = false;
    if (!rendered.ok) {
      setVerdict({ sequence: current, verdict: rendered.verdict });
      setRobustness({ sequence: current, value: null });
      return;
    }
    ensureVerifier(wasmUrl);
    const { svg } = rendered;
    void (async () => {
      let result: Awaited<ReturnType<typeof verifySvg>>;
      try {
        result = await verifySvg(svg, text, style);
      } catch (error) {
        if (stale) return;
        const detail = `The decoder could not run in this browser: ${error instanceof Error ? error.message : String(error)}`;
        setVerdict({
          sequence: current,
          verdict: { status: 'fails', reason: 'unchecked', detail, path: null },
        });
        return;
      }
      if (stale) return;
      if (!result.ok) {
        setVerdict({
          sequence: current,
          verdict: {
            status: 'fails',
            reason: result.reason,
            detail: `The design does not scan: ${result.message}`,
            path: pathOfReason(result.reason, style),
          },
        });
        setRobustness({ sequence: current, value: null });
        return;
      }
      setVerdict({ sequence: current, verdict: { status: 'scans' } });
      // The stress test decodes eight variants: wait until the user pauses.
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (stale) return;
      const score = await printStress(svg, text, style, () => stale);
      if (!stale) setRobustness({ sequence: current, value: score });
    })();
    return () => {
      stale = true;
    };
  }, [rendered, text, style, current, wasmUrl]);

  return {
    rendered,
    lastSvg: lastSvg.current,
    verdict: verdict.sequence === current ? verdict.verdict : { status: 'checking' },
    robustness: {
      value: robustness.value,
      fresh: robustness.sequence === current,
      sequence: robustness.sequence,
    },
    sequence: current,
  };
}
