import { bankInput } from '@raseed/contract';
import { Page } from '@/components/ui/page';
import { banks } from '../api/store';
import { ot } from '../copy-ar';
import { EntityList } from '../components/entity-list';
import { PreviewCard } from '../components/preview-card';
import { QueryState } from '../components/query-state';

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'iban', label: ot('field.iban'), kind: 'text', ltr: true, maxLength: 64 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
  { name: 'info', label: ot('field.info'), kind: 'textarea', maxLength: 2000 },
] as const;

/** Payment methods customers transfer to before a top-up. */
export default function Banks() {
  const list = banks.useList();
  const save = banks.useSave();
  const remove = banks.useRemove();
  return (
    <Page title={ot('banks.title')}>
      <QueryState query={list}>
        {(reply) => (
          <EntityList
            items={reply.data.banks}
            addLabel={ot('banks.add')}
            fields={[...fields]}
            schema={bankInput}
            defaults={(b) => ({ name: b?.name ?? '', iban: b?.iban ?? '', info: b?.info ?? '', sort: b?.sort ?? 0 })}
            itemTitle={(b) => b.name}
            itemMeta={(b) => <span dir="ltr">{b.iban}</span>}
            preview={(v, img) => (
              <PreviewCard img={img} title={String(v.name ?? '')}>
                <p className="text-sm text-muted">{String(v.info ?? '')}</p>
                <p className="text-sm font-bold text-fg" dir="ltr">
                  {String(v.iban ?? '')}
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
