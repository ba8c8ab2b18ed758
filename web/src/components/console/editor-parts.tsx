import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ot } from '@/lib/console/copy-ar';

/** The save button at the foot of a whole-page editor (a product, the store settings). */
export function SaveButton({ pending }: { pending: boolean }) {
  return (
    <div className="sm:col-span-2">
      <Button type="submit" disabled={pending}>
        {pending ? ot('form.saving') : ot('form.save')}
      </Button>
    </div>
  );
}

/**
 * What customers will see, beside the form that edits it; `sticky` keeps it in view while a long
 * form scrolls on a wide screen.
 */
export function PreviewAside({ sticky = false, children }: { sticky?: boolean; children: ReactNode }) {
  return (
    <aside
      aria-label={ot('form.preview')}
      className={`flex min-w-0 flex-col gap-2${sticky ? ' lg:sticky lg:top-36 lg:self-start' : ''}`}
    >
      <p className="text-sm font-bold text-muted">{ot('form.preview')}</p>
      {children}
    </aside>
  );
}
