import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openOrderCodes, sealOrderCodes, sealStockCodes } from '../src/modules/orders/order-codes';
import { createSealer } from '../src/kernel/sealing';

const key = createSealer(randomBytes(32));

describe('codes kept on an order', () => {
  it('opens codes sold from stock, with their serials, and codes a supplier sent', () => {
    const stocked = sealStockCodes([
      { code_enc: key.seal('AAAA-1111'), serial_enc: null },
      { code_enc: key.seal('BBBB-2222'), serial_enc: key.seal('SN-9') },
    ]);
    expect(stocked).not.toContain('AAAA');
    expect(openOrderCodes(key, stocked)).toEqual(['AAAA-1111', 'BBBB-2222 / SN-9']);
    expect(openOrderCodes(key, sealOrderCodes(key, ['CCCC-3333']))).toEqual(['CCCC-3333']);
    expect(sealStockCodes([])).toBeNull();
  });

  it('reads as no codes, never an error, under another key or when the value is damaged', () => {
    const other = createSealer(randomBytes(32));
    const stocked = sealStockCodes([{ code_enc: key.seal('AAAA-1111'), serial_enc: null }]);
    expect(openOrderCodes(other, stocked)).toEqual([]);
    expect(openOrderCodes(other, sealOrderCodes(key, ['CCCC-3333']))).toEqual([]);
    expect(openOrderCodes(key, '[["v1.broken')).toEqual([]);
    expect(openOrderCodes(key, null)).toEqual([]);
  });
});
