import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../lib/plain-text';

describe('htmlToPlainText', () => {
  it('keeps the text, drops tags, scripts and styles, and turns blocks into lines', () => {
    expect(
      htmlToPlainText('<p>سطر <b>أول</b></p><p>سطر ثانٍ<br>ثالث</p><script>alert(1)</script><style>p{}</style>'),
    ).toBe('سطر أول\nسطر ثانٍ\nثالث');
  });

  it('leaves plain text alone and decodes entities without creating markup', () => {
    expect(htmlToPlainText('شحن خلال دقائق')).toBe('شحن خلال دقائق');
    expect(htmlToPlainText('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });
});
