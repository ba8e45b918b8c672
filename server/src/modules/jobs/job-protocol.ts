import type { MessagePort } from 'node:worker_threads';
import type { Config } from '../../config.js';
import type { ChangeMark } from '../../shared/change-bus.js';

/**
 * What crosses between the thread that answers scans and a job thread: the request as it arrived
 * (its body read whole: bodies are capped at BODY_LIMIT_BYTES), and the answer back through a port
 * of its own, head first, then the body in chunks the main thread acknowledges (so a slow client
 * slows the job, not the memory), then the end.
 */
export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array | null;
  remoteAddress: string;
}

export interface JobTask {
  request: ForwardedRequest;
  port: MessagePort;
}

/** To the writes thread before its pool ends: close the app, so its background loops finish what they hold. */
export interface CloseTask {
  close: true;
}

/** Nothing to do: makes Piscina start a thread for the jobs a thread that ended while loading left queued. */
export interface StartTask {
  start: true;
}

export type JobMessage =
  /** `changes`: what the thread's change bus had sent when the answer began; the server hears it first. */
  | { type: 'head'; status: number; headers: Record<string, string | string[]>; changes: ChangeMark }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'end' };

/** From the main thread: a chunk was taken (`ack`), or the client went away (`abort`). */
export type JobReply = { type: 'ack' } | { type: 'abort' };

/** Chunks a job thread may send ahead of the main thread's acknowledgements. */
export const CHUNKS_IN_FLIGHT = 16;

/** How a job thread opens its own connection to the database the server uses. */
export interface JobDatabase {
  sqliteFile?: string | undefined;
  url?: string | undefined;
  schema?: string | undefined;
}

export interface JobThreadData {
  config: Config;
  database: JobDatabase;
  /** The BroadcastChannel the server's threads share their change notices on (change-bus.ts). */
  changeChannel: string;
  /** Where the thread asks the main thread's rate-limit store (bulk items budgets). */
  rateLimitChannel: string;
  /** The secret of the sign-in the server hands over with each request (auth.ts). */
  identitySecret: string;
  /** Run at the lowest CPU priority (the heavy jobs' threads); the writes thread keeps the normal one. */
  lowPriority: boolean;
  /** The server's edge load (publishEdgeLoad), which the background loops yield to. */
  edgeLoad: SharedArrayBuffer;
  /** Also run the background loops (webhook deliveries and the scan feed, hostname checks, sweepers, pruning). */
  background: boolean;
}
