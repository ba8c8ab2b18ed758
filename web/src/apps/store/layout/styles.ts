// The drawer's link rows (the kit's IconButton gives the bars their buttons).
export const drawerLink =
  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-fg transition-colors hover:bg-surface-2 ' +
  'aria-[current=page]:bg-surface-2 aria-[current=page]:font-bold aria-[current=page]:text-accent';
