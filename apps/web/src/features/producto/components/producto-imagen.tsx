import type { ImagenVariante } from '@compra-grupal/contracts';
import { PackageIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { cn } from '@/lib/utils';

export interface ProductoImagenProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Size of the placeholder icon. */
  iconClassName?: string;
  /** The first pictures on screen: loaded at once and before the rest. */
  prioritaria?: boolean;
  /**
   * Same-aspect versions of `src`, narrowest first (the product's `imagenVariantes`): they
   * make the `srcset`, and the widest gives the intrinsic size.
   */
  variantes?: readonly ImagenVariante[];
  /** The width the picture takes in the caller's layout, for the `srcset`. */
  sizes?: string;
  /** The square thumbnail (`imagenMiniatura`), for a caller that shows a square. */
  miniatura?: string | null;
}

/** The side of the square thumbnail the upload pipeline makes (MINIATURA_LADO in the API). */
const MINIATURA_ANCHO = 320;

/**
 * `srcset` and intrinsic size from the picture's versions, with the square thumbnail first when
 * the caller shows a square (a card); nothing when there are none.
 */
export function atributosDeVariantes(
  variantes: readonly ImagenVariante[] = [],
  miniatura?: string | null,
) {
  const original = variantes.at(-1);
  if (!original) return {};
  const candidatas = [
    ...(miniatura ? [`${miniatura} ${MINIATURA_ANCHO}w`] : []),
    ...variantes.map((v) => `${v.url} ${v.ancho}w`),
  ];
  return {
    srcSet: candidatas.join(', '),
    width: original.ancho,
    height: original.alto,
  };
}

/**
 * A product picture; a soft placeholder when there is none or it fails to load (spec part 1,
 * "placeholder on error"). It fills its box: the caller sets size and rounding.
 */
export function ProductoImagen({
  src,
  alt,
  className,
  iconClassName,
  prioritaria = false,
  variantes,
  sizes,
  miniatura,
}: ProductoImagenProps) {
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      <FallbackImage
        src={src}
        alt={alt}
        {...atributosDeVariantes(variantes, miniatura)}
        sizes={sizes}
        loading={prioritaria ? 'eager' : 'lazy'}
        fetchPriority={prioritaria ? 'high' : 'auto'}
        className="size-full transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        fallback={
          <div
            role="img"
            aria-label={alt}
            data-slot="imagen-respaldo"
            className="grid size-full place-items-center bg-linear-to-br from-secondary via-muted to-highlight-soft/60 text-secondary-foreground/45"
          >
            <PackageIcon className={cn('size-1/3 max-h-16 max-w-16', iconClassName)} aria-hidden />
          </div>
        }
      />
    </div>
  );
}
