// Shared class strings of the shell, so the top bar, drawer and bottom bar stay consistent.
export const iconButton =
  'inline-flex size-11 items-center justify-center rounded-xl text-fg ' +
  'transition-colors hover:bg-surface-2 focus-visible:bg-surface-2';

export const drawerLink =
  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-fg transition-colors hover:bg-surface-2 ' +
  'aria-[current=page]:bg-surface-2 aria-[current=page]:font-bold aria-[current=page]:text-accent';
