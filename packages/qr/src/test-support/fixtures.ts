import { Resvg } from '@resvg/resvg-js';

export const SHORT_URL = 'https://rq.codes/Ab3-x9';

/** Exactly 300 bytes of printable ASCII text. */
export const TEXT_300 = 'RQ Codes: dynamic QR codes with redirect rules, custom hostnames and analytics. '
  .repeat(4)
  .slice(0, 300);

/** A small PNG logo drawn by resvg: a coloured disc with a white bar. */
export function pngLogo(): Uint8Array {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#e11d48"/><rect x="16" y="28" width="32" height="8" fill="#ffffff"/></svg>';
  return new Resvg(svg).render().asPng();
}

/** A logo SVG carrying every kind of active or external content a sanitiser must remove. */
export const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY ext SYSTEM "http://evil.example/x">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64" onload="alert(1)">
  <script>alert('x')</script>
  <style>@import url(http://evil.example/a.css); .a { fill: #2563eb } .b { background: url(https://evil.example/t.png) }</style>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <circle class="a" cx="32" cy="32" r="30" onclick="steal()" style="stroke: url(http://evil.example/p#x); fill: #2563eb"/>
  <image href="https://evil.example/pixel.png" width="4" height="4"/>
  <use xlink:href="http://evil.example/sprite.svg#icon"/>
  <a href="javascript:alert(1)"><rect x="20" y="28" width="24" height="8" fill="#ffffff"/></a>
  <rect x="20" y="28" width="24" height="8" fill="#ffffff" filter="url(http://evil.example/f.svg#f)"/>
  <animate attributeName="href" to="javascript:alert(1)"/>
  <set attributeName="onmouseover" to="alert(1)"/>
  <iframe src="http://evil.example"/>
</svg>`;

export function svgLogoDataUrl(svg: string = HOSTILE_SVG): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function pngLogoDataUrl(): string {
  return `data:image/png;base64,${Buffer.from(pngLogo()).toString('base64')}`;
}

/** Anything in a rendered SVG that could run code or load something from elsewhere. */
export function activeOrExternalContent(svg: string): string[] {
  const found: string[] = [];
  const texts = [svg];
  // Logos are embedded as base64 data URLs: look inside them too.
  for (const match of svg.matchAll(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/g)) {
    texts.push(Buffer.from(match[1] ?? '', 'base64').toString('utf8'));
  }
  for (const text of texts) {
    if (/<script/i.test(text)) found.push('script');
    if (/<foreignObject/i.test(text)) found.push('foreignObject');
    if (/<(iframe|animate|set)\b/i.test(text)) found.push('active element');
    if (/\son[a-z]+\s*=/i.test(text)) found.push('event handler');
    if (/(href|src)\s*=\s*["'](?!#|data:image\/(png|jpeg|webp|svg\+xml);base64,)/i.test(text)) {
      found.push('external href');
    }
    if (/url\(\s*['"]?(?!#)/i.test(text)) found.push('external url()');
    if (/@import|javascript:/i.test(text)) found.push('import or javascript:');
    if (/url\('#/.test(text)) found.push("quoted url('#id')");
  }
  return found;
}
