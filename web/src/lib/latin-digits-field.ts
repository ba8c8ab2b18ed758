import { latinDigits } from '@raseed/contract';
import type { ChangeEvent } from 'react';

type Field = { onChange: (event: ChangeEvent<HTMLInputElement>) => unknown };

/**
 * Wraps a registered field so Arabic-Indic and Persian digits become 0–9 as they are typed or
 * pasted: the customer sees the number the store will use, and nothing is silently dropped.
 * Each eastern digit is one UTF-16 unit like its Latin twin, so the caret can stay put.
 */
export function latinDigitsField<T extends Field>(field: T): T {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const el = event.target;
      const latin = latinDigits(el.value);
      if (latin !== el.value) {
        const caret = el.selectionStart;
        el.value = latin;
        if (caret !== null && el.type !== 'email' && el.type !== 'number') el.setSelectionRange(caret, caret);
      }
      return field.onChange(event);
    },
  };
}
