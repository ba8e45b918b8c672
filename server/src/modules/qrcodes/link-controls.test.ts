import { describe, expect, it } from 'vitest';
import { mergeControls, NO_CONTROLS } from './link-controls.js';

describe('mergeControls', () => {
  it('stores UTM tags in one order (source, medium, campaign, term, content), however a patch names them', () => {
    const created = mergeControls(NO_CONTROLS, {
      utm: { content: 'hero', campaign: 'spring', source: 'flyer' },
    });
    expect(Object.keys(created.utm ?? {})).toEqual(['source', 'campaign', 'content']);
    const patched = mergeControls(created, { utm: { medium: ' print ', campaign: null } });
    expect(patched.utm).toEqual({ source: 'flyer', medium: 'print', content: 'hero' });
    expect(Object.keys(patched.utm ?? {})).toEqual(['source', 'medium', 'content']);
  });

  it('drops emptied fields, and the whole object when nothing is left', () => {
    const apps = mergeControls(NO_CONTROLS, { apps: { android: 'https://play.example/app', ios: ' ' } });
    expect(apps.apps).toEqual({ android: 'https://play.example/app' });
    expect(mergeControls(apps, { apps: { android: null } }).apps).toBeNull();
  });
});
