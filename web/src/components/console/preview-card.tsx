import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { t } from '@/lib/i18n';

/** Roughly how a storefront card shows the item: picture (or the store's gradient), name, details. */
export function PreviewCard({
  img,
  title,
  unavailable,
  children,
  wide,
}: {
  img: string | null;
  title?: string;
  unavailable?: boolean;
  children?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-canvas">
      <div
        className={`${wide ? 'aspect-[8/3]' : 'aspect-square'} w-full bg-gradient-to-br from-accent/40 to-surface-2`}
      >
        {img ? <img src={img} alt="" className="size-full object-cover" /> : null}
      </div>
      {title !== undefined || children ? (
        <div className="flex flex-col gap-1 p-3">
          {title !== undefined ? <p className="font-bold text-fg">{title || '…'}</p> : null}
          {unavailable ? (
            <span className="self-start">
              <Badge tone="danger">{t('category.unavailable')}</Badge>
            </span>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
