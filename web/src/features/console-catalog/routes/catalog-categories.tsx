import { categoryInput } from '@raseed/contract';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useAdminCategories, useRemoveCategory, useSaveCategory } from '../api/catalog';
import { ot } from '@/lib/console/copy-ar';
import { EntityList } from '@/components/console/entity-list';
import { LowStockList } from '@/components/console/low-stock-list';
import { PreviewCard } from '@/components/console/preview-card';
import { ListState } from '@/components/ui/list-state';
import { adminPaths } from '@/lib/console/paths';

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'keywords', label: ot('field.keywords'), kind: 'text', maxLength: 300 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
  { name: 'available', label: ot('field.available'), kind: 'checkbox' },
] as const;

/** The top of the catalog: categories, each opening onto its departments and products. */
export default function CatalogCategories() {
  const categories = useAdminCategories();
  const save = useSaveCategory();
  const remove = useRemoveCategory();
  return (
    <Page title={ot('catalog.categories')}>
      <LowStockList />
      <ListState query={categories}>
        {(items) => (
          <EntityList
            items={items}
            addLabel={ot('catalog.addCategory')}
            fields={[...fields]}
            schema={categoryInput}
            defaults={(c) => ({ name: c?.name ?? '', sort: c?.sort ?? 0, available: c?.available ?? true })}
            itemTitle={(c) => c.name}
            itemMeta={(c) => (c.available ? null : <span className="text-danger">{t('category.unavailable')}</span>)}
            itemLink={(c) => adminPaths.category(c.id)}
            preview={(v, img) => <PreviewCard img={img} title={String(v.name ?? '')} unavailable={!v.available} />}
            save={save}
            remove={remove}
          />
        )}
      </ListState>
    </Page>
  );
}
