import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/utils';

export interface FallbackImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Shown without an image or when it fails to load. */
  fallback: ReactNode;
  /** Same-aspect versions of `src` (`url 640w, …`); the browser picks one by `sizes`. */
  srcSet?: string;
  /** The width the image takes in the layout, for `srcSet`. */
  sizes?: string;
  /** The picture's intrinsic size: its aspect is known before it loads (no layout shift). */
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture a screen is judged by (its largest, first on screen). */
  fetchPriority?: 'high' | 'auto';
}

/**
 * An image that gives way to `fallback` when there is none or it cannot be loaded. The failure
 * is remembered per `src`, so a new picture gets its own try.
 */
export function FallbackImage({
  src,
  alt,
  className,
  fallback,
  srcSet,
  sizes,
  width,
  height,
  loading = 'lazy',
  fetchPriority = 'auto',
}: FallbackImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={cn('object-cover', className)}
      onError={() => setFailed(src)}
    />
  );
}
