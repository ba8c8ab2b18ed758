/**
 * A key or code as one unbroken left-to-right run: its own direction (`dir="ltr"` on the
 * element, `unicode-bidi: isolate` so the Arabic around it never reorders it), never wrapped in
 * the middle; when it is wider than its box it scrolls sideways instead.
 */
export const keyTextClass =
  'block max-w-full overflow-x-auto whitespace-nowrap font-mono [unicode-bidi:isolate] [overscroll-behavior-x:contain]';
