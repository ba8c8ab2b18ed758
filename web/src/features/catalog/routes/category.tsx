import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useCategory } from '../api';
import { CatalogMessage } from '../components/catalog-message';
import { DepartmentCard } from '../components/department-card';
import { ProductCard } from '../components/product-card';
import { errorText, useErrorToast } from '@/lib/error-toast';
import { useRouteId } from '../lib/use-route-id';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5';

function CategoryScreen({ id }: { id: number }) {
  const query = useCategory(id);
  useErrorToast(query.error, `category-${id}-error`);
  if (query.isPending) return <PageLoading />;
  if (query.isError)
    return (
      <Page title={t('catalog.category')}>
        <CatalogMessage tone="danger">{errorText(query.error)}</CatalogMessage>
      </Page>
    );

  const { category, departments, products } = query.data;
  return (
    <Page title={category.name}>
      {departments.length === 0 && products.length === 0 ? (
        <CatalogMessage>{t('section.empty')}</CatalogMessage>
      ) : (
        <div className="grid gap-8">
          {departments.length > 0 ? (
            <section aria-labelledby="departments-title" className="grid gap-3">
              <h2 id="departments-title" className="text-lg font-bold text-fg">
                {t('catalog.departments')}
              </h2>
              <ul className={grid}>
                {departments.map((d) => (
                  <li key={d.id} className="flex">
                    <DepartmentCard department={d} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {products.length > 0 ? (
            <section aria-labelledby="products-title" className="grid gap-3">
              <h2 id="products-title" className="text-lg font-bold text-fg">
                {t('catalog.products')}
              </h2>
              <ul className={grid}>
                {products.map((p) => (
                  <li key={p.id} className="flex">
                    <ProductCard product={p} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Page>
  );
}

/** /categories/:id: sub-departments and products of a category (docs/product-rules.md#screens). */
export default function CategoryRoute() {
  const id = useRouteId();
  if (id === null)
    return (
      <Page title={t('catalog.category')}>
        <CatalogMessage>{t('notFound')}</CatalogMessage>
      </Page>
    );
  return <CategoryScreen key={id} id={id} />;
}
