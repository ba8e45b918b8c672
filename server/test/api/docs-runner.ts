/**
 * The runner behind docs-examples.test.ts: reads a docs page's fenced code blocks and runs its
 * ```bash blocks, in order, in one bash session against a real server.
 *
 * Conventions for page authors:
 * - ```bash            runs; `curl` is a function adding `--fail-with-body -sS`, so an HTTP
 *                      error fails the block (and the page).
 * - ```bash expect=409 runs with a plain `curl -sS`; the last curl of the block must answer 409.
 * - ```bash norun      is not run (placeholders such as `export RQ_API_KEY=rq_your_key`).
 * - ```bash response   runs, and its output is compared with the very next block: a ```json block
 *                      must have the same top-level keys (values are ids and times that differ);
 *                      a ```text block must equal the output (trimmed).
 * - A block of any language with `title="name"` (```js title="receiver.mjs") is written to that
 *   file in the page's working directory before the page runs, so bash blocks can use it.
 * - Every ```json block must parse.
 * - The page's directory links the repository's node_modules, so a page's scripts can import the
 *   libraries its ```bash norun block has the reader install (`npm install standardwebhooks`).
 * The session starts with `set -euo pipefail` and the variables the caller passes (RQ, RQ_BASE,
 * RQ_API_KEY, ...) exported; it runs in a fresh temporary directory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CodeBlock {
  lang: string;
  /** The info string after the language: `expect=409`, `norun`, `response`, `title="x.mjs"`. */
  meta: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** The fenced code blocks of a Markdown page, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  let open: { fence: string; lang: string; meta: string; line: number; body: string[] } | undefined;
  lines.forEach((text, i) => {
    if (open) {
      if (text.trim() === open.fence) {
        blocks.push({ lang: open.lang, meta: open.meta, code: open.body.join('\n'), line: open.line });
        open = undefined;
      } else {
        open.body.push(text);
      }
      return;
    }
    const fence = /^\s*(`{3,}|~{3,})\s*([\w+-]*)\s*(.*)$/.exec(text);
    if (fence)
      open = { fence: fence[1] as string, lang: fence[2] ?? '', meta: fence[3] ?? '', line: i + 1, body: [] };
  });
  if (open) throw new Error(`unclosed code block at line ${open.line}`);
  return blocks;
}

const words = (meta: string) => meta.split(/\s+/).filter(Boolean);
export const isRunnable = (block: CodeBlock) =>
  (block.lang === 'bash' || block.lang === 'sh') && !words(block.meta).includes('norun');
const expectedStatus = (block: CodeBlock) => {
  const word = words(block.meta).find((w) => w.startsWith('expect='));
  return word ? Number(word.slice('expect='.length)) : undefined;
};
const titleOf = (block: CodeBlock) => /(?:^|\s)title="([^"]+)"/.exec(block.meta)?.[1];

const NODE_MODULES = path.resolve(import.meta.dirname, '../../../node_modules');

/** The session's last line, written as it exits however it exits (its EXIT trap). */
const SESSION_END = '@@rq-session-end';

const HEADER = `set -euo pipefail
exec 2>&1
trap 'printf "\\n${SESSION_END}\\n"' EXIT
__rq_expect=
curl() {
  if [ -z "$__rq_expect" ]; then command curl --fail-with-body -sS "$@"; return; fi
  local headers rc=0
  headers=$(mktemp)
  command curl -sS -D "$headers" "$@" || rc=$?
  printf '\\n@@rq-status %s\\n' "$(head -n 1 "$headers" | cut -d ' ' -f 2)" >&2
  rm -f "$headers"
  return $rc
}
`;

export interface BlockRun {
  block: CodeBlock;
  output: string;
  /** HTTP statuses of the curls of an expect= block, in order. */
  statuses: string[];
  finished: boolean;
}

export interface PageRun {
  exitCode: number | null;
  blocks: BlockRun[];
  /** Everything the session printed. */
  output: string;
  /** Ends whatever the page left running (a receiver started with `&`). */
  stop(): void;
}

/** Runs a page's bash blocks in one bash session; resolves when the session ends. */
export async function runPage(
  markdown: string,
  env: Record<string, string>,
  timeoutMs = 40_000,
): Promise<PageRun> {
  const blocks = codeBlocks(markdown);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-docs-'));
  fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
  for (const block of blocks) {
    const title = titleOf(block);
    if (title) fs.writeFileSync(path.join(dir, path.basename(title)), `${block.code}\n`);
  }
  const runnable = blocks.filter(isRunnable);
  let script = HEADER;
  runnable.forEach((block, i) => {
    const expect = expectedStatus(block);
    script += `printf '\\n@@rq-block ${i}\\n'\n`;
    if (expect !== undefined) script += `__rq_expect=${expect}\n`;
    script += `${block.code}\n`;
    if (expect !== undefined) script += '__rq_expect=\n';
    script += `printf '\\n@@rq-end ${i}\\n'\n`;
  });
  fs.writeFileSync(path.join(dir, '.page.sh'), script);

  // A process group of its own, so stop() also ends what the page started in the background.
  const child = spawn('bash', ['.page.sh'], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let output = '';
  let endRead = () => {};
  const sessionEnded = new Promise<void>((resolve) => {
    endRead = resolve;
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes(SESSION_END)) endRead();
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => {
    output += `\n(the page did not finish within ${timeoutMs} ms)\n`;
    stop();
  }, timeoutMs);
  // 'exit', not 'close': a background process the page started keeps the pipes open.
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(timer);
  // What the session wrote last may still be in the pipe when it exits: read up to its last line
  // (a process it left in the background keeps the pipe open, so its end is not awaited). A
  // session that was killed may not write it: then what was read within a second is all.
  await Promise.race([sessionEnded, new Promise((resolve) => setTimeout(resolve, 1000))]);

  const runs: BlockRun[] = runnable.map((block) => ({ block, output: '', statuses: [], finished: false }));
  let current: BlockRun | undefined;
  for (const line of output.split('\n')) {
    const start = /^@@rq-block (\d+)$/.exec(line);
    const end = /^@@rq-end (\d+)$/.exec(line);
    const status = /^@@rq-status (\S*)$/.exec(line);
    if (line === SESSION_END) continue;
    if (start) current = runs[Number(start[1])];
    else if (end) {
      const run = runs[Number(end[1])];
      if (run) run.finished = true;
      current = undefined;
    } else if (status) current?.statuses.push(status[1] ?? '');
    else if (current) current.output += `${line}\n`;
  }
  for (const run of runs) run.output = run.output.trim();
  return { exitCode, blocks: runs, output, stop };
}

/** Problems with a finished page run: failed blocks, wrong statuses, outputs unlike their samples. */
export function pageProblems(markdown: string, run: PageRun): string[] {
  const problems: string[] = [];
  const blocks = codeBlocks(markdown);
  const describe = (block: CodeBlock) => `block at line ${block.line} (${block.code.split('\n')[0]})`;

  for (const block of blocks) {
    if (block.lang !== 'json') continue;
    try {
      JSON.parse(block.code);
    } catch (error) {
      problems.push(`json ${describe(block)} does not parse: ${(error as Error).message}`);
    }
  }
  if (run.blocks.length === 0) problems.push('the page has no runnable ```bash block');

  for (const result of run.blocks) {
    const { block } = result;
    if (!result.finished) {
      problems.push(`${describe(block)} failed (exit ${run.exitCode}):\n${result.output}`);
      break;
    }
    const expect = expectedStatus(block);
    if (expect !== undefined && result.statuses.at(-1) !== String(expect)) {
      problems.push(
        `${describe(block)} answered ${result.statuses.at(-1) ?? 'nothing'}, expected ${expect}:\n${result.output}`,
      );
    }
    if (!words(block.meta).includes('response')) continue;
    const sample = blocks[blocks.findIndex((b) => b.line === block.line) + 1];
    if (sample?.lang === 'json') {
      const keys = (text: string) => {
        const value = JSON.parse(text) as unknown;
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? Object.keys(value).sort()
          : [typeof value];
      };
      try {
        const got = keys(result.output);
        const want = keys(sample.code);
        if (got.join() !== want.join()) {
          problems.push(
            `${describe(block)} answered keys [${got.join(', ')}], the sample below it shows [${want.join(', ')}]:\n${result.output}`,
          );
        }
      } catch (error) {
        problems.push(
          `${describe(block)} did not print JSON (${(error as Error).message}):\n${result.output}`,
        );
      }
    } else if (sample?.lang === 'text') {
      if (result.output !== sample.code.trim()) {
        problems.push(
          `${describe(block)} printed:\n${result.output}\nbut the sample below it shows:\n${sample.code.trim()}`,
        );
      }
    } else {
      problems.push(`${describe(block)} is marked response but no json or text block follows it`);
    }
  }
  if (run.exitCode !== 0 && run.blocks.every((b) => b.finished)) {
    problems.push(`the session exited ${run.exitCode}:\n${run.output}`);
  }
  return problems;
}
