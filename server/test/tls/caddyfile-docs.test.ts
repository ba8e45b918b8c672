import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../api/docs-runner.js';

/**
 * The Caddyfile the docs and the README show is deploy/Caddyfile, the one caddy-on-demand.test.ts
 * runs, character for character: an operator who copies it gets what was tested.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const caddyfile = read('deploy/Caddyfile');

/** The fenced blocks of some Markdown, as the file they show (with its final newline). */
const shownFiles = (markdown: string) => codeBlocks(markdown).map((block) => `${block.code}\n`);

/** A `## title` section of a Markdown page, up to the next `## `. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  expect(start, `no "## ${title}" section`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

describe('the Caddyfile shown in the docs is the one tested', () => {
  it('the redirection hostnames page shows deploy/Caddyfile verbatim', () => {
    const page = read('web/docs/hostnames/redirection-hostnames.md');
    expect(shownFiles(page)).toContain(caddyfile);
  });

  it("the README's Self-hosting section shows deploy/Caddyfile verbatim", () => {
    expect(shownFiles(section(read('README.md'), 'Self-hosting'))).toContain(caddyfile);
  });
});
