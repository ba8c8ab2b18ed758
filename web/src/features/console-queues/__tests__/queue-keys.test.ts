import { describe, expect, it } from 'vitest';
import { queueCommand } from '../queue-keys';

const press = (key: string, extra: Partial<KeyboardEvent> & { code?: string } = {}) =>
  queueCommand({ key, altKey: false, ctrlKey: false, metaKey: false, target: document.body, ...extra });

describe('the orders queue keys', () => {
  it('maps j/k, the arrows, a, r and ? and nothing else', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'a', 'r', '?', 'x'].map((k) => press(k))).toEqual([
      'next',
      'next',
      'prev',
      'prev',
      'accept',
      'reject',
      'help',
      undefined,
    ]);
  });

  it('reads the physical key on an Arabic layout, and ignores modified keys and typing', () => {
    expect(press('ش', { code: 'KeyA' })).toBe('accept');
    expect(press('a', { ctrlKey: true })).toBeUndefined();
    const input = document.createElement('input');
    document.body.append(input);
    expect(press('a', { target: input })).toBeUndefined();
    input.remove();
  });
});
