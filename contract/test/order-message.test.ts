import { describe, expect, it } from 'vitest';
import { messageWithoutCodes } from '../src/orders';

describe('messageWithoutCodes', () => {
  it('drops the codes the server appends to message for spec clients, keeping the operator text', () => {
    expect(messageWithoutCodes('ABC-1\nXYZ-2', ['ABC-1', 'XYZ-2'])).toBeNull();
    expect(messageWithoutCodes('تم الشحن\nABC-1', ['ABC-1'])).toBe('تم الشحن');
    expect(messageWithoutCodes('تم الشحن', [])).toBe('تم الشحن');
    expect(messageWithoutCodes(null, ['ABC-1'])).toBeNull();
    // A message that merely mentions a code is the operator's own words: left whole.
    expect(messageWithoutCodes('ABC-1 سيصلك قريباً', ['ABC-1'])).toBe('ABC-1 سيصلك قريباً');
  });
});
