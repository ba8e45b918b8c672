#!/usr/bin/env node
// Checks that CONTRIBUTING.md still says what the tree is (`npm run lint`):
// - every code block after `<!-- snippet: <file>#<name> -->` is, line for line (less its common
//   indent), the region between `// snippet:start <name>` and `// snippet:end` of that file; the
//   files are type-checked by `npm run typecheck` (server/tsconfig.test.json includes them);
// - every list between `<!-- list: <name> -->` and `<!-- /list -->` names exactly what the tree has
//   (the names in backticks, or for test-folders each `server/test/<folder>`);
// - every code comment that points into an ADR (`docs/adr/<file>.md`, optionally followed by
//   `, "<heading>"`) names a file and a heading that are there, never a session or an update by
//   its order (an ADR says what is decided now; its history is in git).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DOC = 'CONTRIBUTING.md';
const doc = readFileSync(path.join(root, DOC), 'utf8');
const problems = [];

function dedent(lines) {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => l.match(/^ */)[0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut).trimEnd());
}

function snippetRegion(file, name) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === `// snippet:start ${name}`);
  const end = lines.findIndex((l, i) => i > start && l.trim() === '// snippet:end');
  if (start < 0 || end < 0) return null;
  return dedent(lines.slice(start + 1, end));
}

function checkSnippets() {
  const lines = doc.split('\n');
  let count = 0;
  lines.forEach((line, i) => {
    const marker = line.match(/<!-- snippet: (\S+)#(\S+) -->/);
    if (!marker) return;
    count += 1;
    const [, file, name] = marker;
    const open = lines.findIndex((l, j) => j > i && l.trim().startsWith('```'));
    const close = lines.findIndex((l, j) => j > open && l.trim() === '```');
    if (open !== i + 1 || close < 0) {
      problems.push(
        `${DOC}:${i + 1}: the snippet marker for ${file}#${name} is not followed by a code block`,
      );
      return;
    }
    const quoted = dedent(lines.slice(open + 1, close));
    let region;
    try {
      region = snippetRegion(file, name);
    } catch {
      region = null;
    }
    if (!region) {
      problems.push(
        `${DOC}:${i + 1}: ${file} has no region "${name}" (// snippet:start ${name} ... // snippet:end)`,
      );
      return;
    }
    const differs = quoted.findIndex((l, k) => l !== region[k]);
    if (differs >= 0 || quoted.length !== region.length) {
      const at = differs >= 0 ? differs : Math.min(quoted.length, region.length);
      problems.push(
        `${DOC}:${open + 2 + at}: the block quoting ${file}#${name} differs from the file at its line ${at + 1}:\n` +
          `    CONTRIBUTING: ${quoted[at] ?? '(ends)'}\n    ${file}: ${region[at] ?? '(ends)'}\n` +
          '  Copy the region into CONTRIBUTING.md (the file is the one that compiles).',
      );
    }
  });
  // A code block without a marker is an uncompiled snippet.
  lines.forEach((line, i) => {
    if (/^\s*```\w+/.test(line) && !/<!-- snippet: /.test(lines[i - 1] ?? '')) {
      problems.push(
        `${DOC}:${i + 1}: a code block that quotes no compiled file; put it in docs/contributing/snippets/ and add <!-- snippet: file#name -->`,
      );
    }
  });
  return count;
}

const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

function vitestProjects() {
  const config = readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
  const projects = config.match(/projects:\s*\[([^\]]*)\]/);
  if (!projects) throw new Error('vitest.config.ts: no projects: [...] found');
  return [...projects[1].matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
}

function appRegistrations() {
  const app = readFileSync(path.join(root, 'server/src/app.ts'), 'utf8');
  return [...app.matchAll(/app\.register\((\w+)/g)].map((m) => m[1]);
}

const LISTS = {
  'app-registrations': {
    truth: appRegistrations,
    from: "server/src/app.ts's app.register calls",
    ordered: true,
  },
  'server-modules': { truth: () => folders('server/src/modules'), from: 'server/src/modules/*' },
  'web-features': { truth: () => folders('web/src/features'), from: 'web/src/features/*' },
  'test-folders': {
    truth: () => folders('server/test'),
    from: 'server/test/*',
    pattern: /`server\/test\/([\w-]+)`/g,
  },
  'vitest-projects': { truth: vitestProjects, from: "vitest.config.ts's projects" },
};

function checkLists() {
  const seen = new Set();
  for (const match of doc.matchAll(/<!-- list: ([\w-]+) -->([\s\S]*?)<!-- \/list -->/g)) {
    const [, name, body] = match;
    const list = LISTS[name];
    const line = doc.slice(0, match.index).split('\n').length;
    if (!list) {
      problems.push(`${DOC}:${line}: unknown list "${name}" (known: ${Object.keys(LISTS).join(', ')})`);
      continue;
    }
    seen.add(name);
    const quoted = [...body.matchAll(list.pattern ?? /`([^`]+)`/g)].map((m) => m[1]);
    const named = new Set(quoted);
    const truth = list.truth();
    if (list.ordered && quoted.join() !== truth.join() && quoted.length === truth.length) {
      const at = quoted.findIndex((n, i) => n !== truth[i]);
      problems.push(
        `${DOC}:${line}: the ${name} list is out of order against ${list.from}: ${quoted[at]} where ${truth[at]} is`,
      );
    }
    const missing = truth.filter((n) => !named.has(n));
    const extra = [...named].filter((n) => !truth.includes(n));
    if (missing.length > 0 || extra.length > 0) {
      problems.push(
        `${DOC}:${line}: the ${name} list is stale against ${list.from}:` +
          (missing.length > 0 ? ` missing ${missing.join(', ')};` : '') +
          (extra.length > 0 ? ` no longer there: ${extra.join(', ')};` : ''),
      );
    }
  }
  for (const name of Object.keys(LISTS)) {
    if (!seen.has(name))
      problems.push(`${DOC}: the ${name} list (<!-- list: ${name} --> ... <!-- /list -->) is gone`);
  }
}

const CODE_DIRS = ['server/src', 'web/src', 'packages', 'scripts', 'bench'];
const SKIP = new Set(['node_modules', 'dist', 'build', '.docusaurus']);

function* codeFiles(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) yield* codeFiles(file);
    } else if (/\.(ts|tsx|mjs|js|cjs)$/.test(entry.name)) yield file;
  }
}

function headingsOf(adr) {
  const text = readFileSync(path.join(root, 'docs/adr', adr), 'utf8');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => m[1].trim()));
}

function checkAdrPointers() {
  const headings = new Map();
  for (const file of CODE_DIRS.flatMap((dir) => [...codeFiles(dir)])) {
    // Comments wrap: read `* ` and `// ` continuations as one line.
    const text = readFileSync(path.join(root, file), 'utf8').replace(/\n\s*(?:\*(?!\/)|\/\/)\s?/g, ' ');
    for (const m of text.matchAll(/docs\/adr\/([\w.-]+\.md)(?:[,;]\s*("([^"]+)"|[^)]*))?/g)) {
      const [, adr, after, heading] = m;
      if (!headings.has(adr)) {
        try {
          headings.set(adr, headingsOf(adr));
        } catch {
          headings.set(adr, null);
        }
      }
      const known = headings.get(adr);
      if (!known) problems.push(`${file}: points to docs/adr/${adr}, which is not there`);
      else if (heading && !known.has(heading))
        problems.push(`${file}: docs/adr/${adr} has no heading "${heading}"`);
      else if (!heading && after && /\b(session|update)\b/i.test(after))
        problems.push(
          `${file}: points into docs/adr/${adr} by "${after.trim()}"; name a heading in quotes instead`,
        );
    }
  }
}

const snippets = checkSnippets();
checkLists();
checkAdrPointers();
if (problems.length > 0) {
  console.error(`contributing-check: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
if (process.argv.includes('--verbose'))
  console.log(`contributing-check: ${snippets} snippets and ${Object.keys(LISTS).length} lists match`);
