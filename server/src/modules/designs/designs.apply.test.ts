import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../shared/merge-patch.js';
import { replacingPatch } from './designs.apply.js';

describe('replacingPatch', () => {
  it('turns a merge into a replacement at every depth', () => {
    const current = {
      size: 512,
      dots: { type: 'dots', color: '#111111', gradient: { type: 'linear', rotation: 45, stops: [] } },
      logo: { src: '/api/v1/assets/ast_1', size: 0.15 },
      frame: { text: 'Scan me' },
    };
    const design = { dots: { type: 'rounded', color: '#4c1d95' }, frame: { text: 'Menu', color: '#000000' } };
    const patch = replacingPatch(current, design);
    expect(applyMergePatch(current, patch)).toEqual(design);
    expect(patch).toMatchObject({ size: null, logo: null, dots: { gradient: null } });
  });

  it('gives the design itself for a code without a style', () => {
    const design = { margin: 2, background: { color: 'transparent' } };
    expect(applyMergePatch({}, replacingPatch({}, design))).toEqual(design);
  });

  it('replaces arrays whole', () => {
    const current = {
      dots: {
        gradient: {
          stops: [
            { offset: 0, color: '#000000' },
            { offset: 1, color: '#111111' },
          ],
        },
      },
    };
    const design = { dots: { gradient: { stops: [{ offset: 0, color: '#222222' }] } } };
    expect(applyMergePatch(current, replacingPatch(current, design))).toEqual(design);
  });
});
