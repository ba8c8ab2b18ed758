import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ot } from '@/lib/console/copy-ar';
import { EntityForm, type FieldSpec, type SaveMutation } from './entity-form';
import { toastError } from '@/lib/error-toast';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/list-state';

type Item = { id: number; img: string | null };

export type EntityListProps<T extends Item> = {
  items: T[];
  addLabel: string;
  fields: FieldSpec[];
  schema: z.ZodObject;
  defaults: (item?: T) => Record<string, unknown>;
  fixed?: Record<string, unknown>;
  withImage?: boolean;
  itemTitle: (item: T) => string;
  itemMeta?: (item: T) => ReactNode;
  itemLink?: (item: T) => string;
  preview: (values: Record<string, unknown>, img: string | null) => ReactNode;
  save: SaveMutation;
  remove: {
    mutate: (id: number, o: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
    isPending: boolean;
  };
};

/** A short list edited in place: add at the top, edit a row where it stands, delete after a confirm. */
export function EntityList<T extends Item>(p: EntityListProps<T>) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const withImage = p.withImage ?? true;
  const form = (item?: T) => (
    <EntityForm
      key={item?.id ?? 'new'}
      id={item?.id}
      fields={p.fields}
      schema={p.schema}
      defaults={p.defaults(item)}
      currentImg={item?.img ?? null}
      withImage={withImage}
      fixed={p.fixed}
      preview={p.preview}
      save={p.save}
      onDone={() => setEditing(null)}
    />
  );
  function remove(id: number) {
    p.remove.mutate(id, {
      onSuccess: () => {
        toast.success(ot('admin.deleted'));
        setConfirming(null);
      },
      onError: (e) => {
        toastError(e);
        setConfirming(null);
      },
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {editing === 'new' ? (
        form()
      ) : (
        <Button className="self-start" onClick={() => setEditing('new')}>
          {p.addLabel}
        </Button>
      )}
      {p.items.length === 0 ? <EmptyState message={ot('admin.empty')} /> : null}
      <ul className="flex flex-col gap-2">
        {p.items.map((item) => (
          <li key={item.id}>
            {editing === item.id ? (
              form(item)
            ) : (
              <Card padding="sm" className="flex flex-wrap items-center gap-3">
                {withImage ? (
                  <div className="size-14 shrink-0 overflow-hidden rounded-xl bg-surface-2">
                    {item.img ? <img src={item.img} alt="" className="size-full object-cover" /> : null}
                  </div>
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold text-fg">{p.itemTitle(item)}</p>
                  {p.itemMeta ? <div className="text-sm text-muted">{p.itemMeta(item)}</div> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {p.itemLink ? (
                    <Link
                      to={p.itemLink(item)}
                      className={buttonClass('secondary', { size: 'sm' })}
                      aria-label={`${ot('catalog.open')}: ${p.itemTitle(item)}`}
                    >
                      {ot('catalog.open')}
                    </Link>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${ot('form.edit')}: ${p.itemTitle(item)}`}
                    onClick={() => setEditing(item.id)}
                  >
                    {ot('form.edit')}
                  </Button>
                  {confirming === item.id ? (
                    <Button
                      variant="danger"
                      className="min-h-9"
                      disabled={p.remove.isPending}
                      onClick={() => remove(item.id)}
                    >
                      {ot('form.confirmDelete')}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${ot('form.delete')}: ${p.itemTitle(item)}`}
                      onClick={() => setConfirming(item.id)}
                    >
                      {ot('form.delete')}
                    </Button>
                  )}
                </div>
              </Card>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
