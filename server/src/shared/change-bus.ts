import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The changes modules publish when something others cache or depend on changes: each topic and
 * what a change of it carries. Each module declares its own topics by augmenting this interface
 * beside its service:
 *   declare module '../../shared/change-bus.js' { interface ChangeTopics { 'rule.changed': {...} } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging
export interface ChangeTopics {}

export type ChangeTopic = keyof ChangeTopics;
type Listener<T extends ChangeTopic> = (change: ChangeTopics[T]) => void | Promise<void>;

export interface PublishOptions {
  /**
   * Deliver to every instance through Redis too (default). Off for changes whose listeners
   * write to the shared database, which one instance must do once.
   */
  acrossInstances?: boolean;
  /** Resolve only once Redis has passed the change on to the other instances (failures are logged). */
  awaitOthers?: boolean;
}

interface Envelope {
  from: string;
  topic: ChangeTopic;
  /** The change (`event` on the wire, as older instances read it during a rolling upgrade). */
  event: unknown;
  /** The publisher's count of changes it sent to the others (absent from older instances). */
  seq?: number;
}

/** Where a bus's changes to the others stand: its id and the count it has sent. */
export interface ChangeMark {
  from: string;
  seq: number;
}

/**
 * The most time one turn spends delivering the other threads' changes here. A job thread's bulk
 * write sends a thousand at once; delivered in one go, they held the event loop that answers
 * scans for 40 to 70 ms (CPU profiles of `npm run bench -- isolation --jobs bulk-import`).
 */
const RECEIVE_SLICE_MS = 1;

/** How long `heard` waits for changes on their way (Redis away: they may never come). */
const HEAR_WAIT_MS = 500;

/**
 * In-process changes always, the same process's other threads too (the job threads, each with an
 * app of its own: a BroadcastChannel named `threadChannel`), and with Redis every instance's
 * listeners (pub/sub on one channel). A local listener's failure reaches the publisher (a rule deleted but still assigned
 * must not answer 204); another instance's is logged there. Redis messages are fire-and-forget:
 * an instance that misses one while Redis is away would keep a stale entry, so the edge cache
 * keeps entries for a short TTL only while Redis is away (redirect.cache.ts).
 */
export class ChangeBus {
  private readonly listeners = new Map<ChangeTopic, Set<Listener<ChangeTopic>>>();
  /** Tells this instance's own messages apart when Redis echoes them back. */
  private readonly instanceId = randomUUID();
  private subscriber: Redis | undefined;
  /** The name the process's threads share their changes under: the main thread's, passed to its job threads. */
  readonly threadChannel: string;
  private readonly threads: BroadcastChannel;
  /** Changes sent to the other threads and instances. */
  private sentCount = 0;
  /**
   * Changes for the other threads not posted yet: a bulk write's thousands go as one message at
   * the end of the turn, not one each (each one a task for every other thread).
   */
  private outgoing: Envelope[] = [];
  private flushing: NodeJS.Immediate | undefined;
  /** The highest `seq` heard from each publisher, and who waits for more. */
  private readonly heardSeq = new Map<string, number>();
  private readonly hearing = new Set<{ mark: ChangeMark; done: () => void }>();
  /** The other threads' changes not delivered here yet, in order, from `nextIncoming` on. */
  private incoming: Envelope[] = [];
  private nextIncoming = 0;
  private receiving: NodeJS.Immediate | undefined;

  constructor(
    private readonly options: {
      redis?: Redis | null | undefined;
      channel: string;
      log: FastifyBaseLogger;
      /** Join the main thread's channel (a job thread); by default a new one. */
      threadChannel?: string | undefined;
    },
  ) {
    this.threadChannel = options.threadChannel ?? `rq:changes:${this.instanceId}`;
    this.threads = new BroadcastChannel(this.threadChannel);
    this.threads.unref();
    this.threads.onmessage = (message) => {
      for (const envelope of (message as { data: Envelope[] }).data) this.incoming.push(envelope);
      if (!this.receiving) this.receiveSlice();
    };
  }

  /** Listens to a topic; answers a function that stops listening. */
  subscribe<T extends ChangeTopic>(topic: T, listener: Listener<T>): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener as Listener<ChangeTopic>);
    this.listeners.set(topic, set);
    return () => set.delete(listener as Listener<ChangeTopic>);
  }

  /** Delivers to this instance's listeners (awaited), and to the others through Redis. */
  async publish<T extends ChangeTopic>(topic: T, change: ChangeTopics[T], options: PublishOptions = {}) {
    await this.deliver(topic, change);
    const acrossInstances = options.acrossInstances ?? true;
    if (!acrossInstances) return;
    const message: Envelope = { from: this.instanceId, topic, event: change, seq: ++this.sentCount };
    // With Redis the other threads hear it from Redis, like every other instance.
    if (!this.options.redis) this.postToThreads(message);
    const { redis } = this.options;
    if (redis) {
      const sent = redis.publish(this.options.channel, JSON.stringify(message)).catch((error: unknown) => {
        this.options.log.warn({ err: error, topic }, 'a change could not be sent to the other instances');
      });
      if (options.awaitOthers) await sent;
    }
  }

  /**
   * What this bus has sent so far, posted at once: a job thread hands it over with its answer, and
   * the server answers once it has `heard` it, so a client that writes a code and scans it at once
   * never meets what the edge cached before.
   */
  sent(): ChangeMark {
    this.flushToThreads();
    return { from: this.instanceId, seq: this.sentCount };
  }

  /** Resolves once the changes up to `mark` have been delivered here (or after HEAR_WAIT_MS). */
  heard(mark: ChangeMark): Promise<void> {
    if (mark.seq <= (this.heardSeq.get(mark.from) ?? 0)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = {
        mark,
        done: () => {
          this.hearing.delete(waiter);
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, HEAR_WAIT_MS);
      this.hearing.add(waiter);
    });
  }

  /** Starts receiving the other instances' changes (a second connection: a subscribed one can only listen). */
  async start(): Promise<void> {
    const { redis, channel } = this.options;
    if (!redis) return;
    // Its SUBSCRIBE waits for a connection, and ioredis subscribes again after each reconnect.
    this.subscriber = redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    this.subscriber.on('error', () => {}); // the main client reports connection trouble
    this.subscriber.on('message', (from, text) => {
      if (from === channel) void this.receive(text);
    });
    // Not awaited: while Redis is away the instance starts anyway and subscribes once it answers.
    this.subscriber.subscribe(channel).catch((error: unknown) => {
      this.options.log.warn({ err: error }, "not receiving other instances' changes until Redis answers");
    });
  }

  async close(): Promise<void> {
    if (this.receiving) clearImmediate(this.receiving);
    this.flushToThreads();
    this.threads.close();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) subscriber.disconnect();
  }

  /** Delivers a change another process on this machine made (local-changes.ts) to this one's listeners. */
  receiveLocal<T extends ChangeTopic>(topic: T, change: ChangeTopics[T]): Promise<void> {
    this.postToThreads({ from: this.instanceId, topic, event: change });
    return this.deliver(topic, change);
  }

  private postToThreads(envelope: Envelope): void {
    this.outgoing.push(envelope);
    this.flushing ??= setImmediate(() => this.flushToThreads());
  }

  private flushToThreads(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    if (this.outgoing.length === 0) return;
    this.threads.postMessage(this.outgoing);
    this.outgoing = [];
  }

  private async receive(text: string): Promise<void> {
    let message: Envelope;
    try {
      message = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    await this.receiveEnvelope(message);
  }

  /** Delivers the other threads' changes in order, RECEIVE_SLICE_MS a turn, the rest in the next. */
  private receiveSlice(): void {
    this.receiving = undefined;
    const until = performance.now() + RECEIVE_SLICE_MS;
    do {
      const envelope = this.incoming[this.nextIncoming++];
      if (envelope) void this.receiveEnvelope(envelope);
    } while (this.nextIncoming < this.incoming.length && performance.now() < until);
    if (this.nextIncoming < this.incoming.length) {
      this.receiving = setImmediate(() => this.receiveSlice());
      return;
    }
    this.incoming = [];
    this.nextIncoming = 0;
  }

  private async receiveEnvelope(message: Envelope): Promise<void> {
    if (message.from === this.instanceId) return;
    try {
      await this.deliver(message.topic, message.event as ChangeTopics[ChangeTopic]);
    } catch (error) {
      this.options.log.error(
        { err: error, topic: message.topic },
        'a change from another instance failed here',
      );
    }
    if (message.seq !== undefined) this.noteHeard(message.from, message.seq);
  }

  private noteHeard(from: string, seq: number): void {
    if (seq <= (this.heardSeq.get(from) ?? 0)) return;
    this.heardSeq.set(from, seq);
    for (const waiter of this.hearing) if (waiter.mark.from === from && waiter.mark.seq <= seq) waiter.done();
  }

  /** Calls every listener; the first failure is thrown once all have run. */
  private async deliver<T extends ChangeTopic>(topic: T, change: ChangeTopics[T]): Promise<void> {
    let failure: unknown;
    for (const listener of this.listeners.get(topic) ?? []) {
      try {
        await listener(change);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }
}
