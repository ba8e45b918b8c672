/**
 * The edge's own HTML pages (not found, gone, a custom hostname's root, the password form): one
 * template and one escaping, so no page writes text into HTML its own way. No script; styles
 * inline (our CSP allows them).
 */

/** Text as it may stand in HTML text or a quoted attribute: & < > " ' as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const BODY_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c1e21;background:#fff}';

/** A short message, centred. */
const MESSAGE_STYLE = 'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}';

export interface EdgePage {
  /** The document's title, as text. */
  title: string;
  /** The page's heading, as text. */
  heading: string;
  /** What follows the heading, as HTML: the caller escapes any text it puts in. */
  bodyHtml: string;
  /** Styles beyond the body's (default: a short message, centred). */
  style?: string;
  /** Keep search engines away (a page that stands in for something private). */
  noindex?: boolean;
}

export function edgePageHtml(page: EdgePage): string {
  const robots = page.noindex ? '<meta name="robots" content="noindex">\n' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${robots}<title>${escapeHtml(page.title)}</title>
<style>${BODY_STYLE}
${page.style ?? MESSAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(page.heading)}</h1>${page.bodyHtml}</main></body></html>`;
}

/** A message page of ours: `<title> | RQ Codes`, a heading and one paragraph of text. */
export function edgeMessagePage(title: string, heading: string, text: string): string {
  return edgePageHtml({ title: `${title} | RQ Codes`, heading, bodyHtml: `<p>${escapeHtml(text)}</p>` });
}
