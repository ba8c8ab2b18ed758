import { t } from '@/lib/i18n';

// A 1×1 transparent GIF: what a phone's <img> shows, so the cover is never downloaded there.
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The store's cover image (settings `cover`) as the desktop home's banner, above the slider.
 * Phones keep the slider alone: the <picture> source applies from 1024 px only, so a phone never
 * downloads the cover (a hidden <img> would still be fetched), and the banner is hidden there.
 */
export function HomeCover({ cover, name }: { cover: string | null | undefined; name: string }) {
  if (!cover) return null;
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line bg-surface-2 lg:block">
      <picture>
        <source media="(min-width: 1024px)" srcSet={cover} />
        <img
          src={NOTHING}
          alt={t('home.cover', { name })}
          width={1200}
          height={200}
          fetchPriority="high"
          className="aspect-[6/1] w-full object-cover"
          data-testid="home-cover"
        />
      </picture>
    </div>
  );
}
