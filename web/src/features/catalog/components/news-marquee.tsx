import { useState } from 'react';
import { useSettings } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { Button } from '@/components/ui/button';

/**
 * The store's news line from settings.news (or the welcome text). The text scrolls toward the
 * inline start; it pauses under the pointer, stands still for reduced-motion readers, and has a
 * pause button because moving text must be stoppable (WCAG 2.2.2). Standing still, it wraps:
 * on a phone one line would hide most of it.
 */
export function NewsMarquee() {
  const news = useSettings().data?.setting.news?.trim() || t('news.default');
  const [paused, setPaused] = useState(false);
  const pause = paused ? '[animation-play-state:paused]' : '';
  return (
    <section
      aria-label={t('news.label')}
      className="group flex items-center gap-2 overflow-hidden rounded-2xl border border-line bg-surface-2 pe-1"
    >
      <div className="min-w-0 flex-1 overflow-hidden">
        <p
          className={
            'inline-block whitespace-nowrap py-3 ps-[100%] font-bold text-fg motion-safe:animate-marquee ' +
            `group-hover:[animation-play-state:paused] motion-reduce:whitespace-normal motion-reduce:ps-4 ${pause}`
          }
        >
          {news}
        </p>
      </div>
      <Button
        aria-pressed={paused}
        onClick={() => setPaused((value) => !value)}
        variant="ghost"
        className="motion-reduce:hidden"
      >
        {t('news.pause')}
      </Button>
    </section>
  );
}
