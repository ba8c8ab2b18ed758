import { partnerInput } from '@raseed/contract';
import { Page } from '@/components/ui/page';
import { partners } from '../api/store';
import { ot } from '../copy-ar';
import { EntityList } from '../components/entity-list';
import { PreviewCard } from '../components/preview-card';
import { QueryState } from '../components/query-state';

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'phone', label: ot('field.phone'), kind: 'tel', ltr: true, maxLength: 40 },
  { name: 'address', label: ot('field.address'), kind: 'text', maxLength: 300 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
] as const;

/** The store's agents, listed for customers with a chat link. */
export default function Partners() {
  const list = partners.useList();
  const save = partners.useSave();
  const remove = partners.useRemove();
  return (
    <Page title={ot('partners.title')}>
      <QueryState query={list}>
        {(reply) => (
          <EntityList
            items={reply.data.partners}
            addLabel={ot('partners.add')}
            fields={[...fields]}
            schema={partnerInput}
            defaults={(p) => ({ name: p?.name ?? '', phone: p?.phone ?? '', address: p?.address ?? '', sort: p?.sort ?? 0 })}
            itemTitle={(p) => p.name}
            itemMeta={(p) => <span dir="ltr">{p.phone}</span>}
            preview={(v, img) => (
              <PreviewCard img={img} title={String(v.name ?? '')}>
                <p className="text-sm text-muted">{String(v.address ?? '')}</p>
                <p className="text-sm text-fg" dir="ltr">
                  {String(v.phone ?? '')}
                </p>
              </PreviewCard>
            )}
            save={save}
            remove={remove}
          />
        )}
      </QueryState>
    </Page>
  );
}
