import { describe, expect, it } from 'vitest';
import { layoutSheet } from './sheet-layout.js';

describe('a sheet grid that does not fit its paper', () => {
  it('says so in the number the grid has: one column, or several columns and rows', () => {
    const one = layoutSheet({ paper: 'A4', columns: 1, rows: 1, sizeMm: 250, caption: null });
    expect(one).toContainEqual({
      path: '/body/columns',
      message: expect.stringMatching(/^1 column of 250 mm needs 250 mm; A4 .* leaves 190 mm /),
    });
    const many = layoutSheet({ paper: 'A4', columns: 5, rows: 2, sizeMm: 150, caption: 'slug' });
    expect(many).toContainEqual({
      path: '/body/columns',
      message: expect.stringMatching(/^5 columns of 150 mm need 750 mm; /),
    });
    expect(many).toContainEqual({
      path: '/body/rows',
      message: expect.stringMatching(/^2 rows of 150 mm and a 5 mm caption each need 310 mm; /),
    });
  });
});
