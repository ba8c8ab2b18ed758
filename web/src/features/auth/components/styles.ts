import { buttonClass } from '@/components/ui/button';

// Class strings shared by the account screens' forms; buttons and fields come from the UI kit.
export { inputClass } from '@/components/ui/text-field';

export const primaryButton = buttonClass('primary', { block: true });

export const secondaryButton = buttonClass('secondary', { block: true });

export const dangerButton = buttonClass('danger', { block: true });

export const textLink = 'font-bold text-accent underline-offset-4 hover:underline';

export const errorLine = 'rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger';
