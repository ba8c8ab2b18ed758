import type { z } from 'zod';
import { Page } from '@/components/ui/page';
import type { FieldSpec, SaveMutation } from '@/components/console/entity-form';
import { EntityList, type EntityListProps } from '@/components/console/entity-list';
import { PreviewCard } from '@/components/console/preview-card';
import { ListState } from '@/components/ui/list-state';

type Contact = { id: number; img: string | null; name: string; sort: number };

type ContactListPageProps<T extends Contact & Record<K | N, string>, K extends string, N extends string, R> = {
  title: string;
  addLabel: string;
  /** The operator resource (list, save, remove) the page edits. */
  resource: {
    useList: () => { data: R | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
    useSave: () => SaveMutation;
    useRemove: () => EntityListProps<T>['remove'];
  };
  items: (reply: R) => T[];
  fields: readonly FieldSpec[];
  schema: z.ZodObject;
  /** The number written left to right (IBAN, phone): shown under the name and on the preview. */
  numberKey: K;
  /** The free-text line shown on the preview (transfer info, address). */
  noteKey: N;
  /** Class of the number line on the preview. */
  numberClass: string;
  /** Starting values of the page's other fields (a bank's holder, currency and rate). */
  extraDefaults?: (item?: T) => Record<string, unknown>;
  /** A line under the number on the list (a bank's currency and rate). */
  extraMeta?: (item: T) => string;
};

/** An operator page for a short list of contacts: each has a name, a number written left to right and a note. */
export function ContactListPage<T extends Contact & Record<K | N, string>, K extends string, N extends string, R>(
  p: ContactListPageProps<T, K, N, R>,
) {
  const list = p.resource.useList();
  const save = p.resource.useSave();
  const remove = p.resource.useRemove();
  return (
    <Page title={p.title}>
      <ListState query={list}>
        {(reply) => (
          <EntityList
            items={p.items(reply)}
            addLabel={p.addLabel}
            fields={[...p.fields]}
            schema={p.schema}
            defaults={(c) => ({
              name: c?.name ?? '',
              [p.numberKey]: c?.[p.numberKey] ?? '',
              [p.noteKey]: c?.[p.noteKey] ?? '',
              sort: c?.sort ?? 0,
              ...p.extraDefaults?.(c),
            })}
            itemTitle={(c) => c.name}
            itemMeta={(c) => (
              <>
                <span dir="ltr">{c[p.numberKey]}</span>
                {p.extraMeta ? <span className="ms-2">{p.extraMeta(c)}</span> : null}
              </>
            )}
            preview={(v, img) => (
              <PreviewCard img={img} title={String(v.name ?? '')}>
                <p className="text-sm text-muted">{String(v[p.noteKey] ?? '')}</p>
                <p className={p.numberClass} dir="ltr">
                  {String(v[p.numberKey] ?? '')}
                </p>
              </PreviewCard>
            )}
            save={save}
            remove={remove}
          />
        )}
      </ListState>
    </Page>
  );
}
