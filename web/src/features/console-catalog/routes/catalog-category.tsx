import { departmentInput } from '@raseed/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import {
  useAdminCategories,
  useAdminDepartments,
  useAdminProducts,
  useRemoveDepartment,
  useSaveDepartment,
} from '../api/catalog';
import { ot } from '@/lib/console/copy-ar';
import { EntityList } from '@/components/console/entity-list';
import { Select } from '@/components/ui/select';
import { PreviewCard } from '@/components/console/preview-card';
import { ProductRows } from '../components/product-rows';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { adminPaths } from '@/lib/console/paths';
import { buttonClass } from '@/components/ui/button';
import { textLinkClass } from '@/components/ui/text-link';

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
] as const;

/** One category: its departments (edited in place) and its products. */
export default function CatalogCategory() {
  const categoryId = Number(useParams().categoryId);
  const category = useAdminCategories().data?.find((c) => c.id === categoryId);
  const departments = useAdminDepartments(categoryId);
  const saveDepartment = useSaveDepartment();
  const removeDepartment = useRemoveDepartment();
  const [departmentId, setDepartmentId] = useState('');
  const [page, setPage] = useState(1);
  const products = useAdminProducts({
    category_id: categoryId,
    ...(departmentId ? { department_id: Number(departmentId) } : {}),
    page,
  });

  return (
    <Page
      title={category?.name ?? ot('catalog.categories')}
      description={
        <Link to={adminPaths.catalog} className={textLinkClass}>
          {ot('catalog.backToCategories')}
        </Link>
      }
    >
      <div className="grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="departments-title" className="flex flex-col gap-3">
          <h2 id="departments-title" className="text-xl font-bold text-fg">
            {ot('catalog.departments')}
          </h2>
          <ListState query={departments}>
            {(items) => (
              <EntityList
                items={items}
                addLabel={ot('catalog.addDepartment')}
                fields={[...fields]}
                schema={departmentInput}
                fixed={{ category_id: categoryId }}
                defaults={(d) => ({ name: d?.name ?? '', sort: d?.sort ?? 0, category_id: categoryId })}
                itemTitle={(d) => d.name}
                preview={(v, img) => <PreviewCard img={img} title={String(v.name ?? '')} />}
                save={saveDepartment}
                remove={removeDepartment}
              />
            )}
          </ListState>
        </section>
        <section aria-labelledby="products-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="products-title" className="text-xl font-bold text-fg">
              {ot('catalog.products')}
            </h2>
            <Link to={adminPaths.newProduct(categoryId)} className={buttonClass()}>
              {ot('catalog.addProduct')}
            </Link>
          </div>
          <Select
            label={ot('field.department')}
            value={departmentId}
            onChange={(e) => {
              setDepartmentId(e.target.value);
              setPage(1);
            }}
            options={[
              { value: '', label: ot('catalog.allDepartments') },
              ...(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
            ]}
          />
          <ListState query={products}>
            {(data) => <ProductRows categoryId={categoryId} products={data.products} />}
          </ListState>
          <Pager page={page} paginate={products.data?.paginate} onPage={setPage} />
        </section>
      </div>
    </Page>
  );
}
