import { toUnicode } from 'punycode';

/**
 * What the add form sends for what was typed or pasted: the host of a pasted URL
 * (`https://qr.example.com/menu` adds `qr.example.com`), else the text itself.
 */
export function hostnameFromInput(input: string): string {
  const text = input.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !text.includes('/')) return text;
  try {
    return new URL(/:\/\//.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return text; // the API says what is wrong with it
  }
}

/**
 * A hostname as people read it: an internationalised name (stored in punycode, `xn--`) in
 * Unicode, with the punycode beside it, which is what DNS records and certificates hold.
 */
export function HostnameText({ hostname }: { hostname: string }) {
  let unicode = hostname;
  try {
    unicode = toUnicode(hostname);
  } catch {
    // not valid punycode: show it as stored
  }
  if (unicode === hostname) return <>{hostname}</>;
  return (
    <>
      <bdi>{unicode}</bdi> <code data-testid="hostname-punycode">{hostname}</code>
    </>
  );
}
