import { describe, expect, it } from 'vitest';
import { confirmTwoFactorBody, freeOrderRequest, latinDigits, registerBody } from '../src/index';

describe('latinDigits', () => {
  it('turns Arabic-Indic and Persian digits into 0-9 and keeps everything else', () => {
    expect(latinDigits('١٠٠٠')).toBe('1000');
    expect(latinDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(latinDigits('+٩٦٣ ٩٤٤ 000 ٢٢٢')).toBe('+963 944 000 222');
    expect(latinDigits('لاعب-٧')).toBe('لاعب-7');
  });

  it('is applied by the schemas where a number is typed', () => {
    const order = freeOrderRequest.parse({ player_id: '٥١٢٣٤٥', product_id: '3', qty: '١٠٠٠' });
    expect(order).toMatchObject({ player_id: '512345', qty: 1000 });
    expect(confirmTwoFactorBody.parse({ code: '۱۲۳۴۵۶' })).toEqual({ code: '123456' });
    expect(registerBody.parse({ name: 'سارة', email: 'a@b.co', phone: '+٩٦٣ ٩٤٤', password: '12345678' }).phone).toBe(
      '+963 944',
    );
  });
});
