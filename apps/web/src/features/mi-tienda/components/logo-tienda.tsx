import { StoreIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { cn } from '@/lib/utils';

/** The seller's logo, or the store's initial on the brand gradient without one. */
export function LogoTienda({
  src,
  nombre,
  className,
}: {
  src: string | null;
  nombre: string;
  className?: string;
}) {
  const inicial = nombre.trim().charAt(0).toUpperCase();
  const label = `Logo de ${nombre}`;
  return (
    <div className={cn('shrink-0 overflow-hidden bg-muted', className)}>
      <FallbackImage
        src={src}
        alt={label}
        loading="eager"
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
