import type { LiveScan } from '@site/src/features/analytics/model/analyticsModel';
import { ApiError, authHeaders } from '@site/src/lib/api';
import { saveBlob } from '@site/src/lib/downloads';
import { SITE_API } from '@site/src/lib/runtimeConfig';

// The two analytics calls apiRequest does not cover: a CSV download and the live scan stream.

/** The API's base, a fresh token and the workspace, for the calls apiRequest does not cover (CSV, the stream). */
async function authorized(): Promise<{ base: string; headers: Record<string, string> }> {
  return { base: SITE_API, headers: await authHeaders() };
}

async function problemOf(response: Response): Promise<ApiError> {
  let problem: { code?: string; detail?: string; title?: string } = {};
  try {
    problem = (await response.json()) as typeof problem;
  } catch {
    // not problem+json
  }
  return new ApiError(
    response.status,
    problem.code ?? 'http_error',
    problem.detail ?? problem.title ?? `The API answered HTTP ${response.status}.`,
  );
}

/** Fetches a CSV endpoint as the signed-in user and saves it under the server's file name. */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const { base, headers } = await authorized();
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { headers: { ...headers, accept: 'text/csv' } });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The API could not be reached. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await problemOf(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(name, await response.blob());
}

/**
 * Reads GET /analytics/stream until `signal` aborts, calling `onScan` for each `scan` event.
 * EventSource cannot send the Authorization header, so this reads the text/event-stream with
 * fetch (as the API's description says). Resolves when the stream ends; throws on an error answer.
 */
export async function readScanStream(
  query: URLSearchParams,
  signal: AbortSignal,
  onOpen: () => void,
  onScan: (scan: LiveScan) => void,
): Promise<void> {
  const { base, headers } = await authorized();
  const response = await fetch(`${base}/analytics/stream?${query}`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) throw await problemOf(response);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (event !== 'scan' || data.length === 0) continue;
      try {
        onScan(JSON.parse(data.join('\n')) as LiveScan);
      } catch {
        // a malformed frame is skipped, the stream goes on
      }
    }
  }
}
