import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useAdminDepartments, useAdminProduct } from '../api/catalog';
import { ot } from '../copy-ar';
import { ProductForm } from '../components/product-form';
import { QueryState } from '../components/query-state';
import { textLink } from '../components/styles';
import { adminPaths } from '../paths';

/** /admin/catalog/:categoryId/products/:productId — "new" for a new product. */
export default function ProductEditor() {
  const params = useParams();
  const categoryId = Number(params.categoryId);
  const productId = params.productId === 'new' ? null : Number(params.productId);
  const navigate = useNavigate();
  const product = useAdminProduct(productId);
  const departments = useAdminDepartments(categoryId);
  const back = adminPaths.category(categoryId);
  return (
    <Page
      title={productId ? ot('catalog.editProduct') : ot('catalog.newProduct')}
      description={
        <Link to={back} className={textLink}>
          {ot('catalog.products')}
        </Link>
      }
    >
      <QueryState query={departments}>
        {(deps) =>
          productId === null ? (
            <ProductForm categoryId={categoryId} departments={deps} onSaved={() => navigate(back)} />
          ) : (
            <QueryState query={product}>
              {(p) => <ProductForm key={p.id} categoryId={p.category_id ?? categoryId} product={p} departments={deps} onSaved={() => navigate(back)} />}
            </QueryState>
          )
        }
      </QueryState>
    </Page>
  );
}
