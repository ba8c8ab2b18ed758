import type { AdminProduct } from '@raseed/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useAdminDepartments, useAdminProduct } from '../api/catalog';
import { ot } from '@/lib/console/copy-ar';
import { ProductForm } from '../components/product-form';
import { ListState } from '@/components/ui/list-state';
import { StockEditor } from '../components/stock-editor';
import { adminPaths } from '@/lib/console/paths';
import { textLinkClass } from '@/components/ui/text-link';

/** /admin/catalog/:categoryId/products/:productId — "new" for a new product. */
export default function ProductEditor() {
  const params = useParams();
  const categoryId = Number(params.categoryId);
  const productId = params.productId === 'new' ? null : Number(params.productId);
  const navigate = useNavigate();
  const product = useAdminProduct(productId);
  const departments = useAdminDepartments(categoryId);
  const back = adminPaths.category(categoryId);
  // A product that has just become a stock product stays open: its codes are added right here.
  const onSaved = (saved: AdminProduct, before?: AdminProduct) =>
    saved.delivery === 'stock' && before?.delivery !== 'stock'
      ? navigate(adminPaths.product(categoryId, saved.id), { replace: true })
      : navigate(back);
  return (
    <Page
      title={productId ? ot('catalog.editProduct') : ot('catalog.newProduct')}
      description={
        <Link to={back} className={textLinkClass}>
          {ot('catalog.products')}
        </Link>
      }
    >
      <ListState query={departments}>
        {(deps) =>
          productId === null ? (
            <ProductForm categoryId={categoryId} departments={deps} onSaved={(saved) => onSaved(saved)} />
          ) : (
            <ListState query={product}>
              {(p) => (
                <div className="flex flex-col gap-6">
                  <ProductForm
                    key={p.id}
                    categoryId={p.category_id ?? categoryId}
                    product={p}
                    departments={deps}
                    onSaved={(saved) => onSaved(saved, p)}
                  />
                  {p.delivery === 'stock' ? <StockEditor product={p} /> : null}
                </div>
              )}
            </ListState>
          )
        }
      </ListState>
    </Page>
  );
}
