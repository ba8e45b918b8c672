import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import type { BrowserName, DeviceType, OsName } from '../rules/rules.schemas.js';

/**
 * Pure readers of a scan's request headers, each normalised to the values the API names.
 * ua-parser-js stays on 1.x: 2.x is AGPL.
 */

export interface UserAgentInfo {
  device: DeviceType;
  os: OsName | null;
  browser: BrowserName | null;
  bot: boolean;
}

const OS_BY_NAME: Record<string, OsName> = {
  iOS: 'ios',
  iPadOS: 'ios',
  Android: 'android',
  'Android-x86': 'android',
  Windows: 'windows',
  'Windows Phone': 'windows',
  'Windows Mobile': 'windows',
  'Mac OS': 'macos',
  macOS: 'macos',
  'Chromium OS': 'chromeos',
  'Chrome OS': 'chromeos',
  Linux: 'linux',
  Ubuntu: 'linux',
  Debian: 'linux',
  Fedora: 'linux',
  'Linux Mint': 'linux',
  Mint: 'linux',
  Arch: 'linux',
  Gentoo: 'linux',
  openSUSE: 'linux',
  SUSE: 'linux',
  'Red Hat': 'linux',
  CentOS: 'linux',
  Kubuntu: 'linux',
  Xubuntu: 'linux',
  Slackware: 'linux',
  Manjaro: 'linux',
  elementary: 'linux',
};

const BROWSER_BY_NAME: Record<string, BrowserName> = {
  Chrome: 'chrome',
  'Mobile Chrome': 'chrome',
  'Chrome WebView': 'chrome',
  'Chrome Headless': 'chrome',
  Chromium: 'chrome',
  Safari: 'safari',
  'Mobile Safari': 'safari',
  Firefox: 'firefox',
  'Mobile Firefox': 'firefox',
  Edge: 'edge',
  Opera: 'opera',
  'Opera Mini': 'opera',
  'Opera Mobi': 'opera',
  'Opera Touch': 'opera',
  'Opera GX': 'opera',
  'Opera Tablet': 'opera',
  'Samsung Internet': 'samsung',
};

const parser = new UAParser();

/** Device, OS, browser and bot flag of a User-Agent. No User-Agent at all counts as a bot: browsers always send one. */
export function classifyUserAgent(userAgent: string | undefined): UserAgentInfo {
  if (!userAgent) return { device: 'desktop', os: null, browser: null, bot: true };
  const result = parser.setUA(userAgent).getResult();
  const type = result.device.type;
  const device: DeviceType =
    type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop';
  return {
    device,
    os: (result.os.name && OS_BY_NAME[result.os.name]) || null,
    browser: (result.browser.name && BROWSER_BY_NAME[result.browser.name]) || null,
    bot: isbot(userAgent),
  };
}

export interface Languages {
  /** Tags with q > 0, most preferred first (ties keep the header's order), lower case. */
  languages: string[];
  /** The most preferred tag in canonical case ("de-CH", "zh-Hant-TW"), or null. */
  language: string | null;
}

const LANGUAGE_RANGE = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;
const Q_VALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
const MAX_LANGUAGES = 20;
const MAX_HEADER = 512;

/** "de-ch" -> "de-CH": language lower, script title, region upper (RFC 5646 conventions). */
export function canonicalLanguageCase(tag: string): string {
  return tag
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 2) return part.toUpperCase();
      if (part.length === 4 && /^[a-z]+$/i.test(part))
        return part[0]?.toUpperCase() + part.slice(1).toLowerCase();
      return part.toLowerCase();
    })
    .join('-');
}

/** Reads Accept-Language with its q-values; `*`, q=0 and malformed entries are dropped. */
export function parseAcceptLanguage(header: string | undefined): Languages {
  if (!header) return { languages: [], language: null };
  const entries: { tag: string; q: number; order: number }[] = [];
  const items = header.slice(0, MAX_HEADER).split(',');
  for (let order = 0; order < items.length && entries.length < MAX_LANGUAGES; order++) {
    const [rawTag = '', ...params] = (items[order] as string).split(';');
    const tag = rawTag.trim();
    if (!LANGUAGE_RANGE.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const match = Q_VALUE.exec(param.trim());
      if (match) q = Number(match[1]);
      else if (/^q=/i.test(param.trim())) q = -1;
    }
    if (q > 0) entries.push({ tag, q, order });
  }
  entries.sort((a, b) => b.q - a.q || a.order - b.order);
  const first = entries[0];
  return {
    languages: entries.map((entry) => entry.tag.toLowerCase()),
    language: first ? canonicalLanguageCase(first.tag) : null,
  };
}

/** The host of a Referer header (lower case, no trailing dot); null when absent or not a URL. */
export function referrerHost(header: string | undefined): string | null {
  if (!header || header.length > 2048) return null;
  try {
    const host = new URL(header).hostname.toLowerCase();
    if (host === '') return null;
    const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    return bare.endsWith('.') ? bare.slice(0, -1) : bare;
  } catch {
    return null;
  }
}

/** The Host a code was scanned on, as rules compare it: lower case, no port, no trailing dot. */
export function normalizeScanHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end === -1 ? name : name.slice(1, end);
  } else {
    const colon = name.indexOf(':');
    if (colon !== -1) name = name.slice(0, colon);
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
