import { PackageIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { cn } from '@/lib/utils';

/**
 * A group's product picture; a soft placeholder when there is none or it fails to load (spec
 * part 1: "placeholder on error"). The caller sets size and rounding.
 */
export function GrupoImagen({
  src,
  alt,
  className,
  prioritaria = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  prioritaria?: boolean;
}) {
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      <FallbackImage
        src={src}
        alt={alt}
        loading={prioritaria ? 'eager' : 'lazy'}
        fetchPriority={prioritaria ? 'high' : 'auto'}
        className="size-full object-cover"
        fallback={
          <div
            role="img"
            aria-label={alt}
            data-slot="imagen-respaldo"
            className="grid size-full place-items-center bg-linear-to-br from-secondary via-muted to-highlight-soft/60 text-secondary-foreground/45"
          >
            <PackageIcon className="size-1/3 max-h-16 max-w-16" aria-hidden />
          </div>
        }
      />
    </div>
  );
}
