import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/utils';

export interface FallbackImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Shown without an image or when it fails to load. */
  fallback: ReactNode;
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
