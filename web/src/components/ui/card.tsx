import type { HTMLAttributes } from 'react';

type CardElement = 'div' | 'section' | 'article' | 'figure' | 'details' | 'li' | 'form';

/** `xl` for a page's main card (a form on its own); `none` when a picture fills the card's edge. */
const paddings = { none: '', sm: 'p-3', md: 'p-4', lg: 'p-6', xl: 'p-5 md:p-6' } as const;

/** The classes of the raised surface, for an element a Card cannot be (a link card, a form grid). */
export const surfaceClass = 'rounded-2xl border border-line bg-surface shadow-sm shadow-black/10';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element it is: a card in a list is an `article` or an `li`, a chart a `figure`. */
  as?: CardElement;
  padding?: keyof typeof paddings;
};

/** The store's and the console's surface: rounded, bordered, on the raised colour. */
export function Card({ as: Element = 'div', padding = 'md', className = '', ...props }: CardProps) {
  const classes = [surfaceClass, paddings[padding], className].filter(Boolean).join(' ');
  return <Element className={classes} {...props} />;
}
