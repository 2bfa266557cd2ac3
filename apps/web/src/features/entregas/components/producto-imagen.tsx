import { PackageIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { cn } from '@/lib/utils';

/** A product's picture in an order; a soft placeholder when there is none or it fails. */
export function ProductoImagen({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  return (
    <div className={cn('relative shrink-0 overflow-hidden bg-muted', className)}>
      <FallbackImage
        src={src}
        alt={alt}
        loading="lazy"
        className="size-full object-cover"
        fallback={
          <div
            role="img"
            aria-label={alt}
            className="grid size-full place-items-center bg-linear-to-br from-secondary via-muted to-highlight-soft/60 text-secondary-foreground/45"
          >
            <PackageIcon className="size-1/3" aria-hidden />
          </div>
        }
      />
    </div>
  );
}
