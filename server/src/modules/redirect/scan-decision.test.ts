import { describe, expect, it } from 'vitest';
import { compileRule } from '../rules/rules.matcher.js';
import { buildScanContext } from './scan-context.js';
import {
  type DecidableCode,
  decideScan,
  type EdgeControls,
  type RuleVerdict,
  utmParams,
  withUtm,
} from './scan-decision.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
const NOW = Date.parse('2026-12-01T12:00:00Z');
const context = (scansBefore = 0, userAgent = IPHONE) =>
  buildScanContext(
    { headers: { 'user-agent': userAgent }, ip: undefined, hostname: 'rq.test', now: NOW, scansBefore },
    { geo: null },
  );

const NONE: EdgeControls = {
  activeFrom: null,
  expiresAt: null,
  maxScans: null,
  expiredTarget: null,
  passwordHash: null,
  utm: null,
  apps: null,
};
const iosRule = compileRule({
  id: 'rule_ios',
  enabled: true,
  when: { os: ['ios'] },
  then: { redirect: 'https://example.com/ios' },
});
const code = (controls: Partial<EdgeControls> | null): DecidableCode => ({
  slug: 's',
  mode: 'redirect',
  target: 'https://example.com/',
  exec: null,
  rules: [iosRule],
  controls: controls && { ...NONE, ...controls },
});
const decide = (c: DecidableCode, scansBefore = 0, unlocked = false) =>
  decideScan(c, context(scansBefore), { unlocked, defaultOnly: false, siteUrl: 'https://rq.test' });

describe('the scan decision', () => {
  it('stops a code outside its window or over its cap before anything else', () => {
    const locked = { passwordHash: 'scrypt$...', apps: { ios: 'https://apps.example.com/', android: null } };
    expect(decide(code({ ...locked, activeFrom: NOW + 1 }))).toEqual({ kind: 'gone', decidedBy: 'inactive' });
    expect(decide(code({ ...locked, expiresAt: NOW }))).toEqual({ kind: 'gone', decidedBy: 'expired' });
    expect(decide(code({ ...locked, maxScans: 3 }), 3)).toEqual({ kind: 'gone', decidedBy: 'used_up' });
    expect(decide(code({ maxScans: 3, expiredTarget: 'https://example.com/over' }), 5)).toMatchObject({
      kind: 'redirect',
      decidedBy: 'used_up',
      url: 'https://example.com/over',
    });
    expect(decide(code({ ...locked, maxScans: 3 }), 2)).toEqual({ kind: 'password', decidedBy: 'password' });
  });

  it('puts the password gate before apps, and apps before rules', () => {
    const apps = { ios: 'https://apps.example.com/ios', android: null };
    expect(decide(code({ passwordHash: 'h', apps }))).toEqual({ kind: 'password', decidedBy: 'password' });
    expect(decide(code({ passwordHash: 'h', apps }), 0, true)).toMatchObject({
      decidedBy: 'apps',
      url: apps.ios,
    });
    expect(decide(code({ apps: { ios: null, android: 'https://apps.example.com/a' } }))).toMatchObject({
      decidedBy: 'rule',
      ruleId: 'rule_ios',
    });
  });

  it('traces every rule for the simulator and nothing for the edge', () => {
    const trace: RuleVerdict[] = [];
    decideScan(code({ expiresAt: NOW }), context(), {
      unlocked: false,
      defaultOnly: false,
      siteUrl: '',
      trace,
    });
    expect(trace).toEqual([
      { ruleId: 'rule_ios', enabled: true, matched: false, noTarget: false, reached: false },
    ]);
  });
});

describe('UTM tags on a target', () => {
  const utm = utmParams({ source: 'qr', medium: 'print', campaign: 'a b&c' });
  it('adds the missing ones before the fragment, never over one the target has', () => {
    expect(withUtm('https://example.com/', utm)).toBe(
      'https://example.com/?utm_source=qr&utm_medium=print&utm_campaign=a%20b%26c',
    );
    expect(withUtm('https://example.com/p?utm_medium=&x=1#top', utm)).toBe(
      'https://example.com/p?utm_medium=&x=1&utm_source=qr&utm_campaign=a%20b%26c#top',
    );
    expect(withUtm('https://example.com/?', utm)).toBe(
      'https://example.com/?utm_source=qr&utm_medium=print&utm_campaign=a%20b%26c',
    );
    const all = 'https://example.com/?utm_source=a&utm_medium=b&utm_campaign=c';
    expect(withUtm(all, utm)).toBe(all);
    expect(withUtm(all, null)).toBe(all);
  });
});
