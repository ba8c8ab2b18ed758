import { describe, expect, it } from 'vitest';
import { formatCurrency, formatMicros, moneyToString, multiplyMoney, parseMoney, whatsappLink } from '../src/index';

describe('parseMoney', () => {
  it('reads decimals exactly, to the micro', () => {
    expect(parseMoney('9.50')).toBe(9_500_000);
    expect(parseMoney('0.0125')).toBe(12_500);
    expect(parseMoney('12')).toBe(12_000_000);
    expect(parseMoney('3,5')).toBe(3_500_000);
    expect(parseMoney('-2.25')).toBe(-2_250_000);
  });

  it('refuses what is not a plain number', () => {
    for (const bad of ['', 'abc', '1e3', 'NaN', 'Infinity', '1.2.3', '--1', '0x10', '١٢']) {
      expect(parseMoney(bad), bad).toBeNull();
    }
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(1e308)).toBeNull();
  });

  it('round-trips through the wire form', () => {
    for (const s of ['0.00', '9.50', '0.0125', '1234567.891234']) {
      expect(moneyToString(parseMoney(s)!)).toBe(s);
    }
    expect(moneyToString(-1_500_000)).toBe('-1.50');
  });

  it('multiplies a unit price by a quantity without float error', () => {
    // 0.1 * 3 in floats is 0.30000000000000004
    expect(moneyToString(multiplyMoney(parseMoney('0.1')!, 3))).toBe('0.30');
    expect(moneyToString(multiplyMoney(parseMoney('0.015')!, 660))).toBe('9.90');
  });
});

describe('formatCurrency', () => {
  it('USD: 2 decimals and a $ suffix', () => {
    expect(formatCurrency('9.5', 'USD')).toBe('9.50 $');
    expect(formatCurrency('1234.005', 'USD')).toBe('1,234.01 $');
  });
  it('SYP: no decimals and its suffix', () => {
    expect(formatCurrency('134000', 'SYP')).toBe('134,000 ل.س');
    expect(formatCurrency('14999.6', 'SYP')).toBe('15,000 ل.س');
  });
  it('TRY: 2 decimals and its suffix', () => {
    expect(formatCurrency('316', 'TRY')).toBe('316.00 ل.ت');
  });
  it('shows zero for an unreadable amount, never NaN', () => {
    expect(formatCurrency('abc', 'USD')).toBe('0.00 $');
    expect(formatCurrency(undefined, 'SYP')).toBe('0 ل.س');
    expect(formatMicros(-2_500_000, 'USD')).toBe('-2.50 $');
  });
});

describe('whatsappLink', () => {
  it('removes the plus sign and anything not a digit', () => {
    expect(whatsappLink('+963 944-111-222')).toBe('https://wa.me/963944111222');
    expect(whatsappLink('963955333444')).toBe('https://wa.me/963955333444');
  });
});
