import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { inFormWords, splitProblem } from './formProblem';

const LABELS = { '/body/activeFrom': 'Active from', '/body/expiresAt': 'Expires', '/body/target': 'Target' };

describe('splitProblem', () => {
  it('names another field of the form by its label, not by its name in the API', () => {
    const error = new ApiError(400, {
      code: 'validation_failed',
      detail: 'bad',
      errors: [{ path: '/body/expiresAt', message: 'must be after activeFrom' }],
    });
    expect(splitProblem(error, LABELS)).toEqual({
      byField: { '/body/expiresAt': 'Expires must be after “Active from”.' },
      general: null,
    });
  });

  it('leaves a name the form has no field for, and plain words, as the API wrote them', () => {
    expect(inFormWords('must not be after notAField', LABELS)).toBe('must not be after notAField');
    expect(inFormWords('must be an http(s) URL, not our own target', LABELS)).toBe(
      'must be an http(s) URL, not our own target',
    );
  });

  it('keeps a problem of a field the form does not show as a general one', () => {
    const error = new ApiError(400, {
      code: 'validation_failed',
      detail: 'bad',
      errors: [{ path: '/body/slug', message: 'is taken' }],
    });
    expect(splitProblem(error, LABELS)).toEqual({ byField: {}, general: error });
  });
});
