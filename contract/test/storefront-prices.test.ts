import { describe, expect, it } from 'vitest';
import { effectivePrice, markUp, markUpPrices, parseMoney } from '../src';

const m = (s: string) => parseMoney(s) as number;

describe('a storefront’s markup over the provider’s price', () => {
  it('adds the percent and rounds half-up to the cent', () => {
    expect(markUp(m('10.00'), 1000, 2)).toBe(m('11.00'));
    expect(markUp(m('0.67'), 5000, 2)).toBe(m('1.01')); // 1.005
    expect(markUp(m('0.66'), 5000, 2)).toBe(m('0.99'));
    expect(markUp(m('9.99'), 1250, 2)).toBe(m('11.24')); // 11.23875
  });

  it('rounds SYP to whole pounds', () => {
    expect(markUp(m('1001'), 5000, 0)).toBe(m('1502')); // 1501.5
    expect(markUp(m('15000'), 1000, 0)).toBe(m('16500'));
  });

  it('keeps the provider’s finer precision: a unit price of 0.0125 is not cut to a cent', () => {
    expect(markUp(m('0.0125'), 1000, 2)).toBe(m('0.0138')); // 0.01375
  });

  it('leaves a price untouched without a markup, whatever its decimals', () => {
    expect(markUp(m('1.005'), 0, 2)).toBe(m('1.005'));
    expect(markUpPrices({ price: 7, price_syr: 3, price_tr: 1, unit_price: 2, unit_price_tr: 5, min: 1 }, 0)).toEqual({
      price: 7,
      price_syr: 3,
      price_tr: 1,
      unit_price: 2,
      unit_price_tr: 5,
      min: 1,
    });
  });

  it('is exact for the largest prices', () => {
    expect(markUp(m('100000000.01'), 100_000, 2)).toBe(m('1100000000.11'));
  });

  it('takes the product’s override over its category’s, and that over the storefront’s', () => {
    expect(effectivePrice(1000, undefined, undefined)).toEqual({ markupBp: 1000, hidden: false });
    expect(effectivePrice(1000, { markup_bp: 500, hidden: false }, undefined).markupBp).toBe(500);
    expect(effectivePrice(1000, { markup_bp: 500, hidden: false }, { markup_bp: 0, hidden: false }).markupBp).toBe(0);
    expect(effectivePrice(1000, { markup_bp: null, hidden: true }, { markup_bp: 200, hidden: false })).toEqual({
      markupBp: 200,
      hidden: true,
    });
  });
});
