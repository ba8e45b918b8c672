import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One webhook call as the receiver saw it, checked by the `standardwebhooks` library. */
export interface ReceivedCall {
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** Whether `Webhook.verify` accepted the signature and timestamp. */
  verified: boolean;
  /** The receiver's answer. */
  status: number;
}

export interface VerifyingReceiver {
  url: string;
  calls: ReceivedCall[];
  /** The answer status from now on (503: down), or a delay before answering 204 (slow). */
  answer: { status: number; delayMs: number };
  /** The secret calls are verified with (set once the endpoint is created). */
  secret: string;
  /** Calls answered with a 2xx, by webhook-id: how often each was delivered. */
  deliveredCounts(): Map<string, number>;
  close(): Promise<void>;
}

/**
 * A webhook receiver on the loopback interface that verifies every call with the
 * `standardwebhooks` npm library (not our signing code) and keeps what it got.
 */
export async function verifyingReceiver(port = 0): Promise<VerifyingReceiver> {
  const state: VerifyingReceiver = {
    url: '',
    calls: [],
    answer: { status: 204, delayMs: 0 },
    secret: '',
    deliveredCounts() {
      const counts = new Map<string, number>();
      for (const call of state.calls)
        if (call.status < 300) counts.set(call.id, (counts.get(call.id) ?? 0) + 1);
      return counts;
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      let event: { type?: string; data?: Record<string, unknown> } = {};
      try {
        event = new Webhook(state.secret).verify(body, req.headers as Record<string, string>) as typeof event;
        verified = true;
      } catch {
        event = JSON.parse(body) as typeof event;
      }
      const { status, delayMs } = state.answer;
      setTimeout(() => {
        state.calls.push({
          id: String(req.headers['webhook-id']),
          type: String(event.type),
          data: event.data ?? {},
          verified,
          status,
        });
        res.writeHead(status).end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
