import { type PrismTheme, themes } from 'prism-react-renderer';

/**
 * The code block themes (GitHub in light, Dracula in dark) with the token colours that fall below
 * 4.5:1 on their background (WCAG 1.4.3) darkened or lightened, including on a highlighted line.
 */
function recoloured(theme: PrismTheme, colours: Record<string, string>): PrismTheme {
  // prism-react-renderer applies the styles in order: a later entry for a type wins.
  const overrides = Object.entries(colours).map(([type, color]) => ({ types: [type], style: { color } }));
  return { ...theme, styles: [...theme.styles, ...overrides] };
}

const GITHUB_FIXES = {
  comment: '#57606a',
  prolog: '#57606a',
  doctype: '#57606a',
  cdata: '#57606a',
  string: '#b3125a',
  'attr-value': '#b3125a',
  entity: '#0e6e6b',
  url: '#0e6e6b',
  symbol: '#0e6e6b',
  number: '#0e6e6b',
  boolean: '#0e6e6b',
  variable: '#0e6e6b',
  constant: '#0e6e6b',
  property: '#0e6e6b',
  regex: '#0e6e6b',
  inserted: '#0e6e6b',
  atrule: '#0550ae',
  'attr-name': '#0550ae',
  function: '#b31d28',
  deleted: '#b31d28',
};

export const lightCodeTheme = recoloured(themes.github, GITHUB_FIXES);
export const darkCodeTheme = recoloured(themes.dracula, { comment: '#9aa5ce' });
