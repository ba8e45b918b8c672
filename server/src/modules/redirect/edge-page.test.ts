import { describe, expect, it } from 'vitest';
import { GONE_ANSWERS, hostRootPage } from './edge.js';
import { edgeMessagePage, escapeHtml } from './edge-page.js';
import { gatePage } from './password-gate.page.js';

describe("the edge's pages", () => {
  it('escape text one way: & < > " and \' as character references', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    );
  });

  it('write every text through it: message, host root and password pages', () => {
    expect(edgeMessagePage('<t>', '<h>', '<p>')).toContain('<title>&#60;t&#62; | RQ Codes</title>');
    // A verified name holds only [a-z0-9.-]; any other name is escaped, no longer stripped of characters.
    const root = String(hostRootPage('a<b>.example').body);
    expect(root).toContain('<h1>a&#60;b&#62;.example</h1>');
    expect(root).not.toContain('<b>');
    const gate = String(gatePage({ kind: 'form' }, 'Menu <b>').body);
    expect(gate).toContain('<h1>Menu &#60;b&#62;</h1>');
    expect(gate).toContain('<meta name="robots" content="noindex">');
    expect(String(GONE_ANSWERS.expired.body)).toContain('<h1>This code has expired</h1>');
  });
});
