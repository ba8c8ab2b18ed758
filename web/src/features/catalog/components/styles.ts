import { buttonClass } from '@/components/ui/button';

// Class strings shared by the catalog screens and order forms, so cards and fields match.
// Buttons and fields come from the UI kit (components/ui); these name the catalog's uses of them.
export { fieldErrorClass as fieldError, inputClass as input, labelClass as label } from '@/components/ui/text-field';

export const cardLink =
  'group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm ' +
  'shadow-black/10 transition-colors hover:border-accent focus-visible:border-accent';

export const primaryButton = buttonClass('primary', { size: 'lg', block: true });

export const secondaryButton = `${buttonClass('secondary', { size: 'lg' })} shrink-0 text-sm`;

export const disabledButton = `${buttonClass('quiet', { block: true })} cursor-not-allowed text-sm`;

/** Gradient stand-in for a card or slide whose image is missing. */
export const placeholderGradient = 'bg-gradient-to-br from-accent/40 via-surface-2 to-surface';
