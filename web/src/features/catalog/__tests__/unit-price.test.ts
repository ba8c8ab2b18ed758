import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from '../lib/unit-price';

describe('formatUnitPrice', () => {
  it('keeps fractions of a cent instead of rounding them into another price', () => {
    expect(formatUnitPrice('0.015', 'USD')).toBe('0.015 $');
    expect(formatUnitPrice('0.0125', 'TRY')).toBe('0.0125 ل.ت');
    expect(formatUnitPrice('211.5', 'SYP')).toBe('211.50 ل.س');
  });

  it('formats whole-cent amounts like any price', () => {
    expect(formatUnitPrice('0.50', 'TRY')).toBe('0.50 ل.ت');
    expect(formatUnitPrice('1500', 'USD')).toBe('1,500.00 $');
    expect(formatUnitPrice('211', 'SYP')).toBe('211 ل.س');
  });
});
