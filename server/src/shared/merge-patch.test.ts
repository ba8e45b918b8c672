import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './merge-patch.js';

describe('JSON merge patch (RFC 7396)', () => {
  it('merges objects, removes with null and replaces arrays', () => {
    expect(applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } })).toEqual({
      a: 'z',
      c: { d: 'e' },
    });
    expect(applyMergePatch({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(applyMergePatch({ a: 'b' }, { b: { c: null } })).toEqual({ a: 'b', b: {} });
    expect(applyMergePatch('x', { a: 1 })).toEqual({ a: 1 });
  });

  it('never touches the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"x": 1}}');
    const merged = applyMergePatch({}, patch) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual([]);
  });
});
