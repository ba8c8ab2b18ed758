import { useLocation, useSearchParams } from 'react-router';
import { Select } from '@/components/ui/select';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import {
  PROVIDER_STOREFRONT,
  STOREFRONT_PARAM,
  useStaffStorefront,
  useStorefrontParam,
  useStorefronts,
} from '@/lib/console/storefronts';

/** Pages that read and change one storefront: none named is the provider's own. */
const scoped: string[] = [
  adminPaths.settings,
  adminPaths.sliders,
  adminPaths.banks,
  adminPaths.partners,
  adminPaths.prices,
];
/** Lists and sums over storefronts: none named is every storefront. */
const filtered: string[] = [
  adminPaths.orders,
  adminPaths.topups,
  adminPaths.users,
  adminPaths.audit,
  adminPaths.numbers,
];

export type PickerMode = 'scoped' | 'filtered' | null;

/** How the page at `pathname` uses the picker, or null when it has nothing to do with storefronts. */
export function pickerMode(pathname: string): PickerMode {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (scoped.includes(path)) return 'scoped';
  if (path === adminPaths.dashboard || filtered.includes(path)) return 'filtered';
  return null;
}

/**
 * The storefront the page shows, kept in `?storefront=` so a link or a reload keeps it. Only a
 * provider's operator on an installation of several storefronts sees it; a storefront's staff
 * always work in their own.
 */
export function StorefrontPicker() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const staff = useStaffStorefront();
  const storefronts = useStorefronts().data ?? [];
  const picked = useStorefrontParam();
  const mode = pickerMode(pathname);
  if (staff !== null || storefronts.length < 2 || mode === null) return null;

  const options = [
    ...(mode === 'filtered' ? [{ value: '', label: ot('storefronts.every') }] : []),
    ...storefronts.map((s) => ({
      value: String(s.id),
      label: s.active ? s.name : ot('storefronts.offName', { name: s.name }),
    })),
  ];
  const value = picked ?? (mode === 'scoped' ? PROVIDER_STOREFRONT : undefined);
  return (
    // Above the page's title, where a reader starts: which storefront the page is about.
    <div className="mx-auto mb-4 w-full max-w-6xl">
      <Select
        label={ot('storefronts.picker')}
        options={options}
        value={value === undefined ? '' : String(value)}
        className="w-full sm:w-72"
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.target.value) next.set(STOREFRONT_PARAM, e.target.value);
          else next.delete(STOREFRONT_PARAM);
          setParams(next);
        }}
      />
    </div>
  );
}
