import type { Slider } from '@raseed/contract';
import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { placeholderGradient } from './styles';
import { IconButton } from '@/components/ui/icon-button';

const ADVANCE_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home page slides from settings. One slide shows at a time and advances on its own unless
 * the reader prefers reduced motion or is pointing at it; dots choose a slide. A slide with no
 * image is a gradient placeholder.
 */
export function HomeSlider({ slides }: { slides: Slider[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || hovered || prefersReducedMotion()) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => window.clearInterval(id);
  }, [count, hovered]);

  if (count === 0) return null;
  const current = slides[Math.min(index, count - 1)]!;
  const picture = current.img ? (
    <img src={current.img} alt="" className="size-full object-cover" />
  ) : (
    <div aria-hidden="true" className={`size-full ${placeholderGradient}`} />
  );

  return (
    <section
      aria-label={t('slider.label')}
      aria-roledescription="carousel"
      className="relative overflow-hidden rounded-2xl border border-line bg-surface-2"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div key={current.id} className="aspect-[8/3] w-full animate-fade-in md:aspect-[4/1]">
        {current.link ? (
          <a href={current.link} className="block size-full" aria-label={t('slider.goTo', { n: index + 1 })}>
            {picture}
          </a>
        ) : (
          picture
        )}
      </div>
      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-0 flex justify-center">
          {slides.map((slide, i) => (
            // A 44 px target around a 12 px dot: small dots alone are too hard to tap.
            <IconButton
              key={slide.id}
              aria-label={t('slider.goTo', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              tone="plain"
              className="group"
            >
              <span
                className={
                  'size-3 rounded-full border border-white/70 bg-black/30 ' +
                  'transition-colors group-aria-[current=true]:bg-white'
                }
              />
            </IconButton>
          ))}
        </div>
      ) : null}
    </section>
  );
}
