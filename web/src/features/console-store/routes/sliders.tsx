import { sliderInput } from '@raseed/contract';
import { Page } from '@/components/ui/page';
import { sliders } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { EntityList } from '@/components/console/entity-list';
import { PreviewCard } from '@/components/console/preview-card';
import { ListState } from '@/components/ui/list-state';

const fields = [
  { name: 'link', label: ot('field.link'), kind: 'url', ltr: true, maxLength: 500 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
] as const;

/** The home page's image slider. */
export default function Sliders() {
  const list = sliders.useList();
  const save = sliders.useSave();
  const remove = sliders.useRemove();
  return (
    <Page title={ot('sliders.title')}>
      <ListState query={list}>
        {(reply) => (
          <EntityList
            items={reply.data.sliders}
            addLabel={ot('sliders.add')}
            fields={[...fields]}
            schema={sliderInput}
            defaults={(s) => ({ link: s?.link ?? '', sort: s?.sort ?? 0 })}
            itemTitle={(s) => ot('sliders.item', { id: s.id })}
            itemMeta={(s) => (s.link ? <span dir="ltr">{s.link}</span> : null)}
            preview={(_v, img) => <PreviewCard img={img} wide />}
            save={save}
            remove={remove}
          />
        )}
      </ListState>
    </Page>
  );
}
