import { t } from '@/lib/i18n';

/** Spec §2: the red 'not available' badge of a category that cannot be opened. */
export function UnavailableBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-danger px-2.5 py-0.5 text-xs font-bold text-white">
      {t('category.unavailable')}
    </span>
  );
}
