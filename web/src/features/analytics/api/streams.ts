import type { LiveConversion, LiveScan } from '@site/src/features/analytics/model/analyticsModel';
import { ApiError, apiFetch } from '@site/src/lib/api';
import { saveBlob } from '@site/src/lib/downloads';

// The two analytics calls the typed client does not cover (they answer no JSON): a CSV download and the live scan stream.

/** Fetches a CSV endpoint as the signed-in user and saves it under the server's file name. */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(path, { headers: { accept: 'text/csv' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(name, await response.blob());
}

/**
 * Reads GET /analytics/stream until `signal` aborts, calling `onScan` for each `scan` event and
 * `onConversion` for each `conversion` event.
 * EventSource cannot send the Authorization header, so this reads the text/event-stream with
 * fetch (as the API's description says). Resolves when the stream ends; throws on an error answer.
 */
export async function readScanStream(
  query: URLSearchParams,
  signal: AbortSignal,
  onOpen: () => void,
  onScan: (scan: LiveScan) => void,
  onConversion: (conversion: LiveConversion) => void = () => {},
): Promise<void> {
  const response = await apiFetch(`/analytics/stream?${query}`, {
    headers: { accept: 'text/event-stream' },
    signal,
    cache: 'no-store',
  });
  if (!response.body)
    throw new ApiError(response.status, {
      code: 'http_error',
      detail: 'The live stream answered without a body.',
    });
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
      if ((event !== 'scan' && event !== 'conversion') || data.length === 0) continue;
      try {
        const parsed: unknown = JSON.parse(data.join('\n'));
        if (event === 'scan') onScan(parsed as LiveScan);
        else onConversion(parsed as LiveConversion);
      } catch {
        // a malformed frame is skipped, the stream goes on
      }
    }
  }
}
