import { productForm, type Product } from '@raseed/contract';
import { Link, useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { useSessionState } from '@/lib/session-store';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useProduct } from '../api';
import { CatalogMessage } from '../components/catalog-message';
import { CodeOrderPanel } from '../components/code-order-panel';
import { FixedOrderForm } from '../components/fixed-order-form';
import { FreeOrderForm } from '../components/free-order-form';
import { ProductDetails } from '../components/product-details';
import { errorText } from '@/lib/error-toast';
import { useRouteId } from '../lib/use-route-id';
import { SavedPlayersContext, type SavedPlayersSlot } from '../saved-players-slot';
import { buttonClass } from '@/components/ui/button';

/** docs/product-rules.md#screens: the form follows the product — code, free quantity, or one fixed item. */
function OrderForm({ product }: { product: Product }) {
  switch (productForm(product)) {
    case 'code':
      return <CodeOrderPanel product={product} />;
    case 'free':
      return <FreeOrderForm product={product} />;
    default:
      return <FixedOrderForm product={product} />;
  }
}

function Purchase({ product }: { product: Product }) {
  const { user } = useSessionState();
  const location = useLocation();
  if (!product.available) return <CatalogMessage tone="danger">{t('product.unavailable')}</CatalogMessage>;
  if (!product.in_stock) return <CatalogMessage tone="danger">{t('product.outOfStock')}</CatalogMessage>;
  if (!user) {
    // A guest may look but not buy; after signing in, /login brings them back here.
    return (
      <Link to={paths.login} state={{ from: location }} className={buttonClass('primary', { size: 'lg', block: true })}>
        {t('product.loginToBuy')}
      </Link>
    );
  }
  return <OrderForm product={product} />;
}

function ProductScreen({ id }: { id: number }) {
  const query = useProduct(id);
  if (query.isPending) return <PageLoading />;
  return (
    <Page title={t('product.confirm')}>
      {query.isError ? (
        <CatalogMessage tone="danger">{errorText(query.error)}</CatalogMessage>
      ) : (
        <div className="grid items-start gap-5 md:grid-cols-2">
          <ProductDetails product={query.data} />
          <Card>
            <Purchase product={query.data} />
          </Card>
        </div>
      )}
    </Page>
  );
}

/**
 * /products/:id: purchase confirmation and the order form for the product type (docs/product-rules.md#screens and
 * #validation).
 */
export default function ProductRoute({ savedPlayers }: { savedPlayers?: SavedPlayersSlot }) {
  const id = useRouteId();
  if (id === null)
    return (
      <Page title={t('product.confirm')}>
        <CatalogMessage>{t('product.notFound')}</CatalogMessage>
      </Page>
    );
  // Keyed by id so a new product starts with a fresh form and a fresh purchase key.
  const product = <ProductScreen key={id} id={id} />;
  return savedPlayers ? <SavedPlayersContext value={savedPlayers}>{product}</SavedPlayersContext> : product;
}
