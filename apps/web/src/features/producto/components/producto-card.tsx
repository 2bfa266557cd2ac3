import type { ProductoDeVitrina } from '@compra-grupal/contracts';
import { UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { ProductoImagen } from './producto-imagen';

/** About the width a card takes in the carousels that show it (half a phone, a fifth of 1280). */
const TAMANIO_DE_TARJETA =
  '(min-width: 1024px) 16rem, (min-width: 640px) calc(33vw - 1.5rem), calc(46vw - 1.5rem)';

export interface ProductoCardProps {
  producto: Pick<
    ProductoDeVitrina,
    | '_id'
    | 'nombre'
    | 'precio'
    | 'imagen'
    | 'imagenMiniatura'
    | 'imagenVariantes'
    | 'cantidadTotalGrupo'
  >;
  /** Heading level of the name, to fit the page's outline. */
  headingLevel?: 'h3' | 'h4';
  /** One of the first cards on screen: its picture loads at once and before the rest. */
  imagenPrioritaria?: boolean;
  className?: string;
}

/** A product tile: picture, name, price and group size; the whole card opens the product. */
export function ProductoCard({
  producto,
  headingLevel: Titulo = 'h3',
  imagenPrioritaria = false,
  className,
}: ProductoCardProps) {
  return (
    <Link
      to={`/product/${producto._id}`}
      data-slot="producto-card"
      className={cn(
        'group flex h-full flex-col overflow-hidden rounded-xl border border-border/70 bg-card text-card-foreground shadow-sm',
        'transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
        className,
      )}
    >
      <ProductoImagen
        src={producto.imagen}
        alt={producto.nombre}
        miniatura={producto.imagenMiniatura}
        variantes={producto.imagenVariantes}
        sizes={TAMANIO_DE_TARJETA}
        prioritaria={imagenPrioritaria}
        className="aspect-square w-full"
      />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-3.5">
        <Titulo
          title={producto.nombre}
          className="line-clamp-2 font-medium text-sm leading-snug wrap-anywhere"
        >
          {producto.nombre}
        </Titulo>
        <p className="mt-auto whitespace-nowrap pt-1 font-bold text-foreground text-sm tabular-nums sm:text-base">
          {formatPrecio(producto.precio)}
        </p>
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <UsersIcon className="size-3.5 text-primary" aria-hidden />
          Grupo de {producto.cantidadTotalGrupo}
        </p>
      </div>
    </Link>
  );
}
