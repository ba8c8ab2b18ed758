import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { purchaseStore } from './purchase-store';

/** The form's defaults with what was typed before on this product page in this tab. */
export function draftDefaults<T extends Record<string, string>>(productId: number, defaults: T): T {
  const saved = purchaseStore.draft(productId) ?? {};
  const values: Record<string, string> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const value = saved[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values as T;
}

const none: readonly string[] = [];

/**
 * Keeps what is typed in an order form, so leaving the product page (Back, a link, a reload) and
 * returning finds the fields as they were. `omit`: fields never stored (an account's password).
 */
export function useFormDraft<T extends FieldValues>(productId: number, watch: UseFormWatch<T>, omit = none) {
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      // Only a field's change: RHF also calls this for form state (a submit, leaving the page),
      // which must not bring back a draft that a finished purchase has just forgotten.
      if (!name) return;
      const draft: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) {
        if (typeof value === 'string' && !omit.includes(name)) draft[name] = value;
      }
      purchaseStore.saveDraft(productId, draft);
    });
    return () => subscription.unsubscribe();
  }, [productId, watch, omit]);
}

/** An account product's second field is its password: kept in memory only. */
export const PASSWORD_FIELD: readonly string[] = ['second'];
