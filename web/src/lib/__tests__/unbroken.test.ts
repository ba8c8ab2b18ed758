import { describe, expect, it } from 'vitest';
import { formatMicros, unbroken } from '@/lib/format';

describe('unbroken', () => {
  it('turns the spaces of a formatted amount into no-break spaces, and nothing else', () => {
    expect(unbroken(formatMicros(75_000_000, 'USD'))).toBe('75.00\u00a0$');
    expect(unbroken(formatMicros(1_250_000_000, 'SYP'))).toBe('1,250\u00a0ل.س');
    expect(unbroken('75.00')).toBe('75.00');
  });
});
