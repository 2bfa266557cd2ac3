import { StoreIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/** The store's logo, or a store icon when it has none or it fails to load. */
export function TiendaLogo({
  src,
  nombre,
  className,
}: {
  src: string | null;
  nombre: string;
  className?: string;
}) {
  const [fallido, setFallido] = useState<string | null>(null);
  const mostrar = src !== null && src !== '' && fallido !== src;
  return (
    <div className={cn('overflow-hidden bg-secondary', className)}>
      {mostrar ? (
        <img
          src={src}
          alt={`Logo de ${nombre}`}
          onError={() => setFallido(src)}
          className="size-full object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={`Logo de ${nombre}`}
          className="grid size-full place-items-center text-secondary-foreground"
        >
          <StoreIcon className="size-1/2" aria-hidden />
        </div>
      )}
    </div>
  );
}
