import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useDepartment } from '../api';
import { CatalogMessage } from '../components/catalog-message';
import { DepartmentProduct } from '../components/department-product';
import { errorText, useErrorToast } from '@/lib/error-toast';
import { useRouteId } from '../lib/use-route-id';

function DepartmentScreen({ id }: { id: number }) {
  const query = useDepartment(id);
  useErrorToast(query.error, `department-${id}-error`);
  if (query.isPending) return <PageLoading />;
  if (query.isError)
    return (
      <Page title={t('catalog.department')}>
        <CatalogMessage tone="danger">{errorText(query.error)}</CatalogMessage>
      </Page>
    );

  const { department, products } = query.data;
  return (
    <Page title={department.name}>
      {products.length === 0 ? (
        <CatalogMessage>{t('department.empty')}</CatalogMessage>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {products.map((p) => (
            <li key={p.id} className="flex">
              <DepartmentProduct product={p} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/** /departments/:id: products with USD, SYP and TRY prices (docs/product-rules.md#screens). */
export default function DepartmentRoute() {
  const id = useRouteId();
  if (id === null)
    return (
      <Page title={t('catalog.department')}>
        <CatalogMessage>{t('notFound')}</CatalogMessage>
      </Page>
    );
  return <DepartmentScreen key={id} id={id} />;
}
