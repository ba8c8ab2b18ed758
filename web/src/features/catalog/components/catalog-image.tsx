import { useState } from 'react';
import { placeholderGradient } from './styles';

type CatalogImageProps = {
  src: string | null;
  className?: string;
  /** The screen's main picture (its largest paint): fetched at once, not when scrolled near. */
  priority?: boolean;
};

/**
 * A card's picture; decorative, since the card's name says what it is. A missing or broken
 * image becomes the gradient placeholder instead of a broken-image icon.
 */
export function CatalogImage({ src, className = '', priority = false }: CatalogImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <div aria-hidden="true" className={`${placeholderGradient} ${className}`} />;
  return (
    <img
      src={src}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
      className={`object-cover ${className}`}
    />
  );
}
