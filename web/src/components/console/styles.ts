import { buttonClass } from '@/components/ui/button';

// Class strings of the operator console, one place so its screens look alike.
export const inputClass =
  'w-full rounded-xl border border-line bg-surface-2 px-3 py-2.5 text-fg placeholder:text-muted ' +
  'focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

export const primaryButton = buttonClass('primary');
export const secondaryButton = buttonClass('secondary');
export const dangerButton = buttonClass('danger');
export const smallButton = buttonClass('secondary', { size: 'sm' });

export const textLink = 'font-bold text-accent underline-offset-4 hover:underline';
export const errorLine = 'rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger';
export const muted = 'text-sm text-muted';
export const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold';
/**
 * The Arabic face of a visually hidden file input (its `peer`): the native picker would speak the browser's language.
 */
export const filePickLabel =
  'inline-flex min-h-10 shrink-0 cursor-pointer items-center rounded-lg border border-line ' +
  'bg-surface-2 px-3 text-sm font-bold text-fg hover:border-accent peer-focus-visible:outline-2 ' +
  'peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent';
