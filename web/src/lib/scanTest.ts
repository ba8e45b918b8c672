/**
 * "Test a scan" (POST /qrcodes/{id}/simulate, API.md "Link controls and the scan simulator"): the
 * devices a user picks from, the request it sends, and its answer in words. No I/O here.
 */

import type { ApiAnswer, ApiBody } from '@site/src/api/types';

export interface DevicePreset {
  id: string;
  label: string;
  userAgent: string;
}

/** Common scanners, each with a User-Agent the edge reads as that device, OS and browser. */
export const DEVICE_PRESETS: readonly DevicePreset[] = [
  {
    id: 'iphone',
    label: 'iPhone, Safari',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    id: 'pixel',
    label: 'Android, Chrome on a Pixel',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  },
  {
    id: 'samsung',
    label: 'Samsung Galaxy, Samsung Internet',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  },
  {
    id: 'ipad',
    label: 'iPad, Safari',
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    id: 'windows',
    label: 'Desktop, Chrome on Windows',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  },
  {
    id: 'mac',
    label: 'Desktop, Safari on macOS',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  },
  {
    id: 'bot',
    label: 'A bot (Googlebot)',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
];

/** The simulator's answer (POST /qrcodes/{id}/simulate). */
export type SimulatedScan = ApiAnswer<'/api/v1/qrcodes/{id}/simulate', 'post'>;

export type DecidedBy = SimulatedScan['decidedBy'];

type SimulateRequest = ApiBody<'/api/v1/qrcodes/{id}/simulate', 'post'>;

/** What the user filled in; empty strings are left out of the request. */
export interface ScanDraft {
  userAgent: string;
  country: string;
  language: string;
  /** A `datetime-local` value in the user's zone, already turned into ISO by the caller. */
  at: string | null;
  referrer: string;
  query: string;
  ip: string;
  scansBefore: string;
  password: string;
}

/** The body of POST /qrcodes/{id}/simulate: only what was given, so the server's defaults apply. */
export function simulateBody(draft: ScanDraft): SimulateRequest {
  const body: SimulateRequest = {};
  const text = (name: 'userAgent' | 'country' | 'language' | 'referrer' | 'query' | 'ip', value: string) => {
    if (value.trim() !== '') body[name] = value.trim();
  };
  text('userAgent', draft.userAgent);
  text('country', draft.country.toUpperCase());
  text('language', draft.language);
  if (draft.at) body.at = draft.at;
  text('referrer', draft.referrer);
  text('query', draft.query.replace(/^\?/, ''));
  text('ip', draft.ip);
  if (draft.scansBefore.trim() !== '') body.scansBefore = Number(draft.scansBefore);
  if (draft.password !== '') body.password = draft.password;
  return body;
}

/** Which step decided the scan, in a sentence (the rule's name when a rule did). */
export function decisionSentence(answer: SimulatedScan, ruleName: (id: string) => string): string {
  switch (answer.decidedBy) {
    case 'inactive':
      return 'The code is not active yet at that time.';
    case 'expired':
      return 'The code has expired at that time.';
    case 'used_up':
      return 'The code has used up its scan limit.';
    case 'password':
      return 'The password gate: the scanner is asked for the password first.';
    case 'apps':
      return "The app targets: the scanner's phone has an app link for its system.";
    case 'rule':
      return answer.rule ? `The rule “${ruleName(answer.rule)}” matched.` : 'A rule matched.';
    case 'default':
      return 'No rule matched: the default target.';
    case 'exec':
      return 'Your exec URL decides where to go (a test does not call it).';
    case 'disabled':
      return 'The code is turned off.';
  }
}

const STOPPED_PAGE: Partial<Record<DecidedBy, string>> = {
  inactive: 'a page saying the code is not active yet',
  expired: 'a page saying the code has expired',
  used_up: 'a page saying the code is used up',
};

/** Where the scan goes, in words: the target, or the page a scanner sees instead. */
export function outcomeSentence(answer: SimulatedScan): string {
  if (answer.decidedBy === 'exec') {
    const url = answer.target ? ` ${answer.target}` : '';
    return `Your exec URL${url} would be asked; its answer decides`;
  }
  if (answer.target) return `HTTP ${answer.status ?? 302} to ${answer.target}`;
  const page = STOPPED_PAGE[answer.decidedBy];
  if (page) return `HTTP ${answer.status ?? 410}: ${page}`;
  if (answer.decidedBy === 'password')
    return answer.status === 401
      ? 'HTTP 401: the password form again (that password is wrong)'
      : `HTTP ${answer.status ?? 200}: the password form`;
  if (answer.decidedBy === 'disabled')
    return `HTTP ${answer.status ?? 404}: nothing (the code is turned off)`;
  return `HTTP ${answer.status ?? ''}`.trim();
}
