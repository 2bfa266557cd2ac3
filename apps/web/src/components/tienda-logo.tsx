import { StoreIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { cn } from '@/lib/utils';

/**
 * A store's logo (listing card and store page), or its initial on the brand gradient when it
 * has none or it fails to load (a store icon if the name gives no initial). The caller sets
 * size, rounding, border and the initial's font size through `className`.
 */
export function TiendaLogo({
  src,
  nombre,
  className,
  loading,
}: {
  src: string | null;
  nombre: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const inicial = nombre.trim().charAt(0).toUpperCase();
  const label = `Logo de ${nombre}`;
  return (
    <div className={cn('shrink-0 overflow-hidden bg-muted', className)}>
      <FallbackImage
        src={src}
        alt={label}
        loading={loading}
        className="size-full"
        fallback={
          <span
            role="img"
            aria-label={label}
            className="grid size-full place-items-center bg-linear-to-br from-primary to-primary-strong font-bold text-primary-foreground"
          >
            {inicial || <StoreIcon className="size-[45%]" aria-hidden />}
          </span>
        }
      />
    </div>
  );
}
