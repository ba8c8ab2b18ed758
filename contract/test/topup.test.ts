import { describe, expect, it } from 'vitest';
import { anyBanksReply, dollarsFromLocal, readTopupAmount } from '../src/index';

describe('readTopupAmount', () => {
  it('reads positive amounts with up to 2 decimals, in Latin or Arabic-Indic digits', () => {
    expect(readTopupAmount('25.50')).toEqual({ micros: 25_500_000 });
    expect(readTopupAmount(' 100 ')).toEqual({ micros: 100_000_000 });
    expect(readTopupAmount('3,5')).toEqual({ micros: 3_500_000 });
    expect(readTopupAmount('١٥٠٫٥')).toEqual({ micros: 150_500_000 });
    expect(readTopupAmount('۲۰')).toEqual({ micros: 20_000_000 });
  });

  it('asks for the amount when there is nothing positive (spec: zero or less)', () => {
    for (const text of ['', '   ', '0', '0.00', '-5', '-0.01', null, undefined]) {
      expect(readTopupAmount(text), String(text)).toEqual({ error: 'required' });
    }
  });

  it('calls anything that is not a plain amount invalid', () => {
    for (const text of ['abc', 'مئة', '1e3', '10.125', '1.2.3', '0x10', '12$', '1'.repeat(13), 'Infinity']) {
      expect(readTopupAmount(text), text).toEqual({ error: 'invalid' });
    }
  });
});

describe('dollarsFromLocal', () => {
  it('credits the dollars the rate gives, cut down to the cent, never more', () => {
    // 1,000 lira at 42.50 lira a dollar is 23.529… $: 23.52 $.
    expect(dollarsFromLocal(1_000_000_000, 42_500_000)).toBe(23_520_000);
    expect(dollarsFromLocal(100_000_000, 1_000_000)).toBe(100_000_000);
    expect(dollarsFromLocal(1, 42_500_000)).toBe(0);
    expect(dollarsFromLocal(1_000_000, 0)).toBe(0);
  });
});

describe('anyBanksReply', () => {
  const bank = { id: 1, name: 'بنك', img: null, info: '', iban: 'SY00', holder: '', currency: 'USD', rate: '1.00' };
  it('reads the list at data.banks and at data.data.banks', () => {
    expect(anyBanksReply.parse({ status: 'success', data: { banks: [bank] } })).toEqual([bank]);
    expect(anyBanksReply.parse({ status: 'success', data: { data: { banks: [bank] } } })).toEqual([bank]);
  });

  it('refuses any other shape', () => {
    expect(anyBanksReply.safeParse({ status: 'success', data: { methods: [bank] } }).success).toBe(false);
  });
});
