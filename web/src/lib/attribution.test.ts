import { describe, expect, it } from 'vitest';
import { attributionBodyOf, attributionChanged, attributionDraftOf, exampleTarget } from './attribution';

describe('a code’s attribution in its editor', () => {
  it('follows the workspace default until the code has its own setting', () => {
    expect(attributionDraftOf(null)).toEqual({ choice: 'default', parameter: 'rq_id' });
    expect(attributionBodyOf({ choice: 'default', parameter: 'x' })).toBeNull();
    expect(attributionDraftOf({ enabled: false, parameter: 'src' })).toEqual({
      choice: 'off',
      parameter: 'src',
    });
  });

  it('sends its own setting, an empty parameter being rq_id', () => {
    expect(attributionBodyOf({ choice: 'on', parameter: ' ' })).toEqual({
      enabled: true,
      parameter: 'rq_id',
    });
    expect(attributionBodyOf({ choice: 'off', parameter: 'ref' })).toEqual({
      enabled: false,
      parameter: 'ref',
    });
  });

  it('says whether anything changed, so an untouched form patches nothing', () => {
    expect(attributionChanged({ choice: 'default', parameter: 'rq_id' }, null)).toBe(false);
    expect(attributionChanged({ choice: 'on', parameter: 'rq_id' }, null)).toBe(true);
    expect(
      attributionChanged({ choice: 'on', parameter: 'rq_id' }, { enabled: true, parameter: 'rq_id' }),
    ).toBe(false);
    expect(
      attributionChanged({ choice: 'on', parameter: 'ref' }, { enabled: true, parameter: 'rq_id' }),
    ).toBe(true);
    expect(
      attributionChanged({ choice: 'default', parameter: 'rq_id' }, { enabled: true, parameter: 'rq_id' }),
    ).toBe(true);
  });

  it('shows where a scan goes, the target’s own query kept', () => {
    expect(exampleTarget('https://shop.example.com/a?x=1', 'rq_id')).toBe(
      'https://shop.example.com/a?x=1&rq_id=<scan id>',
    );
    expect(exampleTarget('not a url', 'ref')).toBe('…?ref=<scan id>');
  });
});
