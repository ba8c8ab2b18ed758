// Class strings of the catalog's cards and images; buttons and fields come from the UI kit (components/ui).

export const cardLink =
  'group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm ' +
  'shadow-black/10 transition-colors hover:border-accent focus-visible:border-accent';

/** Gradient stand-in for a card or slide whose image is missing. */
export const placeholderGradient = 'bg-gradient-to-br from-accent/40 via-surface-2 to-surface';
