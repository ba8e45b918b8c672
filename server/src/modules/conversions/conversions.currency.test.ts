import { describe, expect, it } from 'vitest';
import { isCurrencyCode, minorUnitDigits } from './conversions.currency.js';

describe('ISO 4217 currencies', () => {
  it('knows current codes and refuses others', () => {
    for (const code of ['EUR', 'USD', 'JPY', 'CHF', 'KWD']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['XYZ', 'eur', 'EURO', '']) expect(isCurrencyCode(code)).toBe(false);
  });

  it('says how many minor units each has (ISO 4217 lists 2, 0 and 3)', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
  });
});
