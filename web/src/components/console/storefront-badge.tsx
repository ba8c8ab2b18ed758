import { Badge } from '@/components/ui/badge';
import { ot } from '@/lib/console/copy-ar';
import { PROVIDER_STOREFRONT, useStaffStorefront, useStorefrontNames } from '@/lib/console/storefronts';

/**
 * Where a row (an order, a customer) belongs. With several storefronts every row says which, by
 * name; a single store's rows say nothing, and a row of a storefront the list does not know (yet)
 * shows its number unless it is the provider's own. A storefront's staff, whose rows are all their
 * own, see none.
 */
export function StorefrontBadge({ id }: { id: number }) {
  const { several, nameOf } = useStorefrontNames();
  // A storefront's staff see their own storefront's rows only.
  const staff = useStaffStorefront() !== null;
  const name = nameOf(id);
  if (staff) return null;
  if (several && name) return <Badge tone="neutral">{name}</Badge>;
  if (id === PROVIDER_STOREFRONT) return null;
  return <Badge tone="neutral">{ot('storefronts.id', { id })}</Badge>;
}
