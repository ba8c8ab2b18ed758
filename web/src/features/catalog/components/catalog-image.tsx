import { useState } from 'react';
import { placeholderGradient } from './styles';

type CatalogImageProps = { src: string | null; className?: string };

/**
 * A card's picture; decorative, since the card's name says what it is. A missing or broken
 * image becomes the gradient placeholder instead of a broken-image icon.
 */
export function CatalogImage({ src, className = '' }: CatalogImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <div aria-hidden="true" className={`${placeholderGradient} ${className}`} />;
  return (
    <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} className={`object-cover ${className}`} />
  );
}
