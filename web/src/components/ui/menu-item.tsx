import type { ButtonHTMLAttributes } from 'react';

/** A row of a drop-down menu; links take the class, an action (sign out) is a `MenuItemButton`. */
export const menuItemClass =
  'flex h-11 w-full items-center rounded-lg px-3 text-start text-sm text-fg hover:bg-surface-2';

/** A menu row that acts rather than navigates; `danger` for the one that ends something. */
export function MenuItemButton({
  danger = false,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean }) {
  return <button type={type} className={`${menuItemClass}${danger ? ' font-bold text-danger' : ''}`} {...props} />;
}
