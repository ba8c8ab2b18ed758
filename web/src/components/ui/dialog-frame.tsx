import { type ReactNode, useId } from 'react';

/**
 * The modal sheet of a question or a help card: the page dimmed behind it, the sheet at the
 * bottom of a phone and centred on a wider screen, named by its title for screen readers.
 */
export function DialogFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-overlay p-3 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md animate-fade-in rounded-2xl border border-line bg-surface p-5 text-start shadow-xl"
      >
        <h2 id={titleId} className="mb-3 text-lg font-bold text-fg">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
