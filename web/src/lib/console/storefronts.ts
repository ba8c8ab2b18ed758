import { type Storefront, storefrontsReply, type User } from '@raseed/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminApi } from '@/lib/api-client';
import { useSessionState } from '@/lib/session-store';
import { operatorKeys } from './query-keys';

/** Storefront 1: the provider's own store, the one a scoped page edits when none is named. */
export const PROVIDER_STOREFRONT = 1;

/**
 * Whether a purchase (an order, a number) shows the provider's price beside the price charged:
 * another storefront's (its badge says which), or one sold above the provider's price. The
 * provider's own store at the provider's price would only repeat the price.
 */
export function showsProviderPrice(p: { storefront_id: number; price: string; provider_price: string }): boolean {
  return p.storefront_id !== PROVIDER_STOREFRONT || p.provider_price !== p.price;
}

/** The console's one search parameter naming a storefront (shareable, kept on reload). */
export const STOREFRONT_PARAM = 'storefront';

/**
 * The storefront a staff operator is bound to, or null for the provider's operators. Read
 * defensively: users stored before the field existed (or a contract without it) have none.
 */
export function staffStorefrontOf(user: User | null): number | null {
  if (user?.role !== 'operator') return null;
  const id = (user as { storefront_id?: unknown }).storefront_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The signed-in operator's own storefront when they are a storefront's staff. */
export function useStaffStorefront(): number | null {
  return staffStorefrontOf(useSessionState().user);
}

/** Every storefront; never asked for a storefront's staff, whose account the route refuses. */
export function useStorefronts() {
  const staff = useStaffStorefront();
  return useQuery({
    queryKey: operatorKeys.storefronts(),
    queryFn: async () => (await adminApi.get('/storefronts', storefrontsReply)).data.storefronts,
    enabled: staff === null,
    staleTime: 60_000,
  });
}

/** The storefront named in the URL, or undefined (a bad or missing value names none). */
export function useStorefrontParam(): number | undefined {
  const [params] = useSearchParams();
  const raw = params.get(STOREFRONT_PARAM);
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * A list or a sum over storefronts (orders, top-ups, users, audit, dashboard): the storefront
 * the picker names, or undefined for every storefront. Staff send none: the server keeps them to
 * their own.
 */
export function useStorefrontFilter(): { storefront?: number } {
  const picked = useStorefrontParam();
  const staff = useStaffStorefront();
  return staff === null && picked !== undefined ? { storefront: picked } : {};
}

/**
 * The storefront a scoped page reads and changes (settings, sliders, banks, partners, prices):
 * the one the picker names, else storefront 1; a staff operator's own.
 */
export function useScopedStorefront(): number {
  const picked = useStorefrontParam();
  return useStaffStorefront() ?? picked ?? PROVIDER_STOREFRONT;
}

/**
 * What a list needs to say where each row comes from: true when the installation has several
 * storefronts (a single store's lists stay as they were), and each storefront's name.
 */
export function useStorefrontNames(): { several: boolean; nameOf: (id: number) => string | undefined } {
  const list = useStorefronts().data;
  return {
    several: (list?.length ?? 0) > 1,
    nameOf: (id) => list?.find((s: Storefront) => s.id === id)?.name,
  };
}
