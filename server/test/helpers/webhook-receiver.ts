import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and whether `standardwebhooks` verified it with each secret it was given. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The `standardwebhooks` library's verdict for each of the path's secrets, in order. */
  verified: boolean[];
}

/** What the receiver answers a request with; `hang` never answers. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  hang?: boolean;
}

/**
 * A webhook receiver as a customer would write one: node:http on a port of the OS's choosing,
 * verifying every request with the `standardwebhooks` library (never our own signing code), under
 * the secrets the test gives each path. What it answers is up to the test, per path and request.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly secrets = new Map<string, string[]>();
  private readonly replies = new Map<string, (count: number) => Reply>();
  private server: http.Server | undefined;
  base = '';

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        const verified = (this.secrets.get(path) ?? []).map((secret) =>
          verifies(secret, body, request.headers),
        );
        this.received.push({ path, headers: request.headers, body, verified });
        const reply = this.replies.get(path)?.(this.of(path).length) ?? {};
        if (reply.hang) return;
        response.writeHead(reply.status ?? 200, reply.headers ?? {});
        response.end(reply.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The URL of a path of this receiver. */
  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** The secrets requests to `path` must verify with (each checked on its own). */
  verifyWith(path: string, secrets: string[]): void {
    this.secrets.set(path, secrets);
  }

  /** How `path` answers its n-th request (1-based). */
  answer(path: string, reply: (count: number) => Reply): void {
    this.replies.set(path, reply);
  }

  of(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function verifies(secret: string, body: string, headers: IncomingHttpHeaders): boolean {
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}
