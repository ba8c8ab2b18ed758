import ProductRoute from '@/features/catalog/routes/product';
import { savedPlayersForOrders } from '@/features/players/order-form-slot';

/** /products/:id, whose order forms offer the customer's saved players. */
export default function ProductScreen() {
  return <ProductRoute savedPlayers={savedPlayersForOrders} />;
}
