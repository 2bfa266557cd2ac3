import { PackageIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { cn } from '@/lib/utils';

/** A product's picture as a small square, or a package icon without one. */
export function ProductoMiniatura({
  src,
  nombre,
  className,
}: {
  src: string | null;
  nombre: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'shrink-0 overflow-hidden rounded-lg border border-border/60 bg-muted',
        className,
      )}
    >
      <FallbackImage
        src={src}
        alt={nombre}
        className="size-full"
        fallback={
          <span
            role="img"
            aria-label={nombre}
            className="grid size-full place-items-center text-muted-foreground"
          >
            <PackageIcon className="size-1/2" aria-hidden />
          </span>
        }
      />
    </div>
  );
}
