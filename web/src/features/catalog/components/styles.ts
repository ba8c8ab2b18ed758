// Class strings shared by the catalog screens and order forms, so cards and fields match.
export const cardLink =
  'group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm shadow-black/10 transition-colors hover:border-accent focus-visible:border-accent';

export const input =
  'block h-12 w-full rounded-xl border border-line bg-surface-2 px-4 text-fg placeholder:text-muted/80 transition-colors focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

export const label = 'mb-1.5 block text-sm font-bold text-fg';

export const fieldError = 'mt-1.5 text-sm text-danger';

export const primaryButton =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-accent px-5 font-bold text-accent-fg transition-colors hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButton =
  'inline-flex h-12 shrink-0 items-center justify-center rounded-xl border border-line bg-surface-2 px-4 text-sm font-bold text-fg transition-colors hover:border-accent disabled:cursor-not-allowed disabled:opacity-60';

export const disabledButton =
  'inline-flex h-11 w-full cursor-not-allowed items-center justify-center rounded-xl border border-line bg-surface-2 px-4 text-sm font-bold text-muted';

/** Gradient stand-in for a card or slide whose image is missing. */
export const placeholderGradient = 'bg-gradient-to-br from-accent/40 via-surface-2 to-surface';
