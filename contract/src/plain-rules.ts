import type { SecondFactorNeeded, SignedIn } from './auth';

// Rules without a schema live here so `@raseed/contract/plain` can offer them without zod.

/** The chat link of a partner: wa.me with the number's digits, the plus sign removed. */
export function whatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\+/g, '').replace(/[^\d]/g, '')}`;
}

export function isSecondFactorNeeded(data: SignedIn | SecondFactorNeeded): data is SecondFactorNeeded {
  return 'id2fa' in data;
}
