import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openOrderCodes, sealOrderCodes, sealStockCodes } from '../src/modules/orders/order-codes';
import { encrypt } from '../src/kernel/crypto';

const key = randomBytes(32);

describe('codes kept on an order', () => {
  it('opens codes sold from stock, with their serials, and codes a supplier sent', () => {
    const stocked = sealStockCodes([
      { code_enc: encrypt(key, 'AAAA-1111'), serial_enc: null },
      { code_enc: encrypt(key, 'BBBB-2222'), serial_enc: encrypt(key, 'SN-9') },
    ]);
    expect(stocked).not.toContain('AAAA');
    expect(openOrderCodes(key, stocked)).toEqual(['AAAA-1111', 'BBBB-2222 / SN-9']);
    expect(openOrderCodes(key, sealOrderCodes(key, ['CCCC-3333']))).toEqual(['CCCC-3333']);
    expect(sealStockCodes([])).toBeNull();
  });

  it('reads as no codes, never an error, under another key or when the value is damaged', () => {
    const other = randomBytes(32);
    const stocked = sealStockCodes([{ code_enc: encrypt(key, 'AAAA-1111'), serial_enc: null }]);
    expect(openOrderCodes(other, stocked)).toEqual([]);
    expect(openOrderCodes(other, sealOrderCodes(key, ['CCCC-3333']))).toEqual([]);
    expect(openOrderCodes(key, '[["v1.broken')).toEqual([]);
    expect(openOrderCodes(key, null)).toEqual([]);
  });
});
