import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { decodeEdgeRecord, encodeEdgeRecord, type RedirectRow } from './edge-fields.js';
import { bucketsFor, FileHashTable, fitsRecord } from './file-hash-table.js';

/** Where the file reads every code from, a page at a time (edge-code.repository.ts). */
export interface EdgeCodeRows {
  page(after: { hostKey: string; slug: string } | undefined, limit: number): Promise<RedirectRow[]>;
  volume(): Promise<{ codes: number; chars: number }>;
}

/** Codes a build reads at once; between pages the event loop serves requests. */
const BUILD_PAGE = 2_000;
/** A record's bytes besides its columns' characters: separators, null marks, numbers. */
const RECORD_OVERHEAD = 40;
/** The build's file is sized for this many times the codes there are, so codes can be added. */
const HEADROOM = 1.25;
/** How long the edge's thread removes changed codes from the file before it answers scans again. */
const REMOVAL_SLICE_MS = 1;

const keyOf = (hostKey: string, slug: string) => `${hostKey}/${slug}`;

/**
 * Every code as the edge reads it, in a file of this process (file-hash-table.ts), so that a scan of
 * any of a million codes costs one page read from the operating system's cache rather than a walk
 * of the database's b-trees (docs/adr/2026-11-26-cold-code-read.md, "The edge code file"). It is a cache
 * of the database and follows the same change notices as the edge's memory cache: a change
 * removes the code's record at once, and the next database read of it stores it again. Until a
 * build has finished, and while changes may be missed (Redis away), it answers nothing and the
 * edge reads the database.
 */
export class EdgeCodeFile {
  private file: FileHashTable | undefined;
  /** Bumped by each change notice: a database read that started before one is not stored. */
  private changes = 0;
  /** Bumped by each build and pause: a build that was overtaken is thrown away. */
  private generation = 0;
  /** The keys changed while a build runs: removed from its file before it answers. */
  private changedDuringBuild: Set<string> | undefined;
  /** Records that found no room since the build: past a share of the codes, a larger file. */
  private unstored = 0;
  /** Builds under way (a pause or a reconnection can start one while another still runs). */
  private buildsRunning = 0;
  /**
   * Changed keys still to be removed from the file, a slice at a time: a bulk write's thousands of
   * notices, each removal a read of its bucket, held the edge up for tens of milliseconds at once.
   * Until then the edge reads them from the database.
   */
  private readonly unremoved = new Set<string>();
  private removing: NodeJS.Immediate | undefined;

  constructor(
    private readonly rows: EdgeCodeRows,
    private readonly options: { dir: string; log: FastifyBaseLogger },
  ) {}

  /** Codes the file holds (0 while it answers nothing). */
  get size(): number {
    return this.file?.size ?? 0;
  }

  /** The code at (host, slug) when the file holds it; undefined sends the caller to the database. */
  get(hostKey: string, slug: string): RedirectRow | undefined {
    const key = keyOf(hostKey, slug);
    if (this.unremoved.size > 0 && this.unremoved.has(key)) return undefined;
    const value = this.file?.get(key);
    return value === undefined ? undefined : decodeEdgeRecord(value, hostKey, slug);
  }

  /** Where a database read starts: hand it to `remember` with the row it read. */
  get readMark(): number {
    return this.changes;
  }

  /** Stores a row the edge read from the database, unless a change came since it started reading. */
  remember(row: RedirectRow | undefined, readMark: number): void {
    if (!row || !this.file || readMark !== this.changes) return;
    const key = keyOf(row.host_key, row.slug);
    const value = encodeEdgeRecord(row);
    this.unremoved.delete(key);
    // A row that can never be stored is read from the database each time; only a lack of room counts.
    if (value === undefined || !fitsRecord(key, value)) return void this.file.remove(key);
    if (this.file.put(key, value)) return;
    this.unstored++;
    // One larger file at a time: every later miss would otherwise start the build over.
    if (this.buildsRunning === 0 && this.unstored > Math.max(1_000, this.file.size / 8)) void this.build();
  }

  /** A code at (host, slug) was created, changed or deleted. */
  changed(hostKey: string, slug: string): void {
    this.changes++;
    const key = keyOf(hostKey, slug);
    this.changedDuringBuild?.add(key);
    if (!this.file) return;
    this.unremoved.add(key);
    this.removing ??= setImmediate(() => this.removeSome());
  }

  private removeSome(): void {
    this.removing = undefined;
    const until = performance.now() + REMOVAL_SLICE_MS;
    for (const key of this.unremoved) {
      this.unremoved.delete(key);
      this.file?.remove(key);
      if (performance.now() > until) break;
    }
    if (this.unremoved.size > 0) this.removing = setImmediate(() => this.removeSome());
  }

  /** Changes may be missed from now on: answer nothing until the next build. */
  pause(): void {
    this.generation++;
    this.closeFile();
  }

  /**
   * Reads every code into a new file, serving from the current one meanwhile; a pause or another
   * build during it throws this one away. Failures are logged: the edge reads the database.
   */
  async build(): Promise<void> {
    const generation = ++this.generation;
    this.buildsRunning++;
    const changed = new Set<string>();
    this.changedDuringBuild = changed;
    let file: FileHashTable | undefined;
    try {
      const { codes, chars } = await this.rows.volume();
      const perCode = codes > 0 ? chars / codes + RECORD_OVERHEAD : 200;
      file = FileHashTable.create(this.options.dir, bucketsFor(Math.max(codes, 1_000) * HEADROOM, perCode));
      let unstored = 0;
      for (let after: { hostKey: string; slug: string } | undefined; ; ) {
        const page = await this.rows.page(after, BUILD_PAGE);
        if (generation !== this.generation) return;
        for (const row of page) {
          const key = keyOf(row.host_key, row.slug);
          const value = encodeEdgeRecord(row);
          if (value !== undefined && fitsRecord(key, value) && !file.add(key, value)) unstored++;
        }
        const last = page.at(-1);
        if (page.length < BUILD_PAGE || !last) break;
        after = { hostKey: last.host_key, slug: last.slug };
        await nextTurn();
      }
      if (generation !== this.generation) return;
      for (const key of changed) file.remove(key);
      this.closeFile();
      this.file = file;
      this.unstored = unstored;
      file = undefined;
      this.options.log.info({ codes: this.file.size, unstored }, 'edge code file built');
    } catch (error) {
      this.options.log.warn(
        { err: error },
        'the edge code file could not be built; codes are read from the database',
      );
    } finally {
      this.buildsRunning--;
      file?.close();
      if (this.changedDuringBuild === changed) this.changedDuringBuild = undefined;
    }
  }

  close(): void {
    this.pause();
  }

  private closeFile(): void {
    this.file?.close();
    this.file = undefined;
    // A file built from now on read the database after these changes (or holds them in its `changed`).
    this.unremoved.clear();
  }
}
