// Class strings shared by the account screens' forms.
export const inputClass =
  'w-full rounded-xl border border-line bg-surface-2 px-3 py-2.5 text-fg placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

export const primaryButton =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-accent px-4 py-2.5 font-bold text-accent-fg transition-colors hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButton =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl border border-line bg-surface-2 px-4 py-2.5 font-bold text-fg transition-colors hover:border-accent disabled:cursor-not-allowed disabled:opacity-60';

export const dangerButton =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl border border-danger px-4 py-2.5 font-bold text-danger transition-colors hover:bg-danger-bg disabled:cursor-not-allowed disabled:opacity-60';

export const textLink = 'font-bold text-accent underline-offset-4 hover:underline';

export const errorLine = 'rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger';
