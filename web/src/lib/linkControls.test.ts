import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  createBodyOf,
  draftOf,
  isoOfLocalInput,
  localInputOf,
  patchBodyOf,
  utmOf,
  withUtm,
} from './linkControls';

describe('withUtm', () => {
  it('adds the parameters in the order given, before the fragment, keeping the query as written', () => {
    expect(
      withUtm('https://example.com/menu?sp%20ace=a%20b#top', { campaign: 'spring 26', source: 'flyer' }),
    ).toBe('https://example.com/menu?sp%20ace=a%20b&utm_campaign=spring%2026&utm_source=flyer#top');
  });

  it('never duplicates a parameter the target has', () => {
    expect(withUtm('https://example.com/?utm_source=mail', { source: 'flyer', medium: 'print' })).toBe(
      'https://example.com/?utm_source=mail&utm_medium=print',
    );
  });

  it('leaves the target alone without parameters', () => {
    expect(withUtm('https://example.com/', null)).toBe('https://example.com/');
    expect(withUtm('https://example.com/?', { source: '' })).toBe('https://example.com/?');
  });
});

describe('date-time fields', () => {
  it('round-trips an instant through the local input', () => {
    const iso = '2026-03-29T01:30:00.000Z';
    expect(isoOfLocalInput(localInputOf(iso))).toBe(iso);
    expect(isoOfLocalInput('')).toBeNull();
    expect(localInputOf(null)).toBe('');
  });
});

describe('request bodies', () => {
  it('creates with only what is set', () => {
    const draft = draftOf();
    draft.maxScans = '100';
    draft.utm.source = ' flyer ';
    draft.ios = 'https://apps.apple.com/app/id1';
    draft.password = { action: 'set', value: 'open sesame' };
    expect(createBodyOf(draft)).toEqual({
      maxScans: 100,
      utm: { source: 'flyer' },
      apps: { ios: 'https://apps.apple.com/app/id1' },
      password: 'open sesame',
    });
  });

  it('patches what changed, clears what was emptied, and never sends a kept password', () => {
    const code = { maxScans: 5, utm: { source: 'flyer' }, passwordProtected: true, expiredTarget: null };
    const draft = draftOf(code);
    expect(patchBodyOf(draft, code)).toEqual({});
    draft.maxScans = '';
    draft.expiredTarget = 'https://example.com/over';
    draft.password = { action: 'remove', value: '' };
    draft.utm.source = '';
    draft.utm.medium = 'print';
    expect(patchBodyOf(draft, code)).toEqual({
      maxScans: null,
      expiredTarget: 'https://example.com/over',
      password: null,
      utm: { source: null, medium: 'print', campaign: null, term: null, content: null },
    });
  });
});

describe('badgesOf', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const kinds = (code: Parameters<typeof badgesOf>[0]) => badgesOf(code, now).map((badge) => badge.kind);

  it('names each state a scanner would meet now', () => {
    expect(kinds({ scans: { total: 0 } })).toEqual([]);
    expect(kinds({ scans: { total: 0 }, activeFrom: '2026-06-02T00:00:00Z' })).toEqual(['scheduled']);
    expect(kinds({ scans: { total: 0 }, activeFrom: '2026-05-01T00:00:00Z' })).toEqual([]);
    expect(kinds({ scans: { total: 0 }, expiresAt: '2026-06-01T12:00:00Z' })).toEqual(['expired']);
    expect(kinds({ scans: { total: 2 }, maxScans: 3 })).toEqual(['capped']);
    expect(kinds({ scans: { total: 3 }, maxScans: 3, passwordProtected: true })).toEqual([
      'used-up',
      'locked',
    ]);
  });
});

describe('utmOf', () => {
  it('gives the tags in the order the server stores and adds them, whatever the draft', () => {
    const draft = { content: 'hero', source: 'flyer', medium: 'print', campaign: 'spring', term: '' };
    expect(Object.keys(utmOf(draft) ?? {})).toEqual(['source', 'medium', 'campaign', 'content']);
    expect(withUtm('https://example.com/', utmOf(draft))).toBe(
      'https://example.com/?utm_source=flyer&utm_medium=print&utm_campaign=spring&utm_content=hero',
    );
  });
});
