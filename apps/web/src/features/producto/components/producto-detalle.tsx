import type { ProductoDeVitrina } from '@compra-grupal/contracts';
import { LockIcon, PackageCheckIcon, PackageXIcon, Share2Icon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { compartirProducto } from './compartir-producto';
import { ProductoImagen } from './producto-imagen';

export interface ProductoDetalleProps {
  producto: ProductoDeVitrina;
  /** Above the name: where the product comes from (a link to its store). */
  tienda?: ReactNode;
  /** The purchase panel (quantity, total, 'Agregar al Carrito'). */
  compra?: ReactNode;
  /** Under the group size: the product's open group (its places and forecast), if any. */
  grupo?: ReactNode;
}

/**
 * The picture's width in the layout below: the page's padding off the screen on a phone; half
 * of what the side panel (3rem folded, 16rem open) leaves from 768 px, within max-w-6xl.
 */
export const PRODUCTO_DETALLE_IMAGEN_SIZES =
  '(min-width: 768px) min(calc(50vw - 4rem), 33rem), calc(100vw - 2rem)';

/**
 * Product detail (spec part 2, section 2): picture, name, description, price, the group size
 * (with the open group's progress, when the route gives it), stock, the purchase panel and
 * 'Compartir'.
 */
export function ProductoDetalle({ producto, tienda, compra, grupo }: ProductoDetalleProps) {
  const sinStock = producto.stock <= 0;

  return (
    <article className="grid animate-rise-in grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2 md:gap-10 lg:gap-14">
      <div className="md:sticky md:top-[calc(var(--header-height)+1.5rem)] md:self-start">
        <ProductoImagen
          src={producto.imagen}
          variantes={producto.imagenVariantes}
          sizes={PRODUCTO_DETALLE_IMAGEN_SIZES}
          alt={producto.nombre}
          prioritaria
          className="aspect-square w-full rounded-2xl border border-border/70 shadow-sm"
        />
      </div>

      <div className="flex min-w-0 flex-col">
        {tienda}
        <h1 className="mt-2 text-balance font-bold text-2xl leading-tight tracking-tight wrap-anywhere sm:text-3xl">
          {producto.nombre}
        </h1>
        <p className="mt-3 font-extrabold text-3xl text-primary-strong tracking-tight tabular-nums">
          {formatPrecio(producto.precio)}
        </p>
        {grupo && (
          // Everyone in a group pays the price it opened with (docs/decisions/054).
          <div className="mt-1.5 text-muted-foreground text-sm">
            <p className="flex items-center gap-1.5">
              <LockIcon className="size-3.5 shrink-0" aria-hidden />
              Precio fijado hasta que se complete el grupo
            </p>
            {producto.precioSiguiente != null && (
              <p className="pl-5">
                Desde el próximo grupo: {formatPrecio(producto.precioSiguiente)}
              </p>
            )}
          </div>
        )}
        {producto.descripcion && (
          <p className="mt-4 max-w-prose text-pretty text-muted-foreground leading-relaxed">
            {producto.descripcion}
          </p>
        )}

        <div className="mt-6 flex items-start gap-3 rounded-xl border border-primary/15 bg-secondary/70 p-4 text-secondary-foreground">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground shadow-primary/25 shadow-sm">
            <UsersIcon className="size-4.5" aria-hidden />
          </span>
          <div className="min-w-0 text-sm">
            <p data-slot="grupo">
              <strong className="font-semibold">Compra Grupal:</strong> Se necesitan{' '}
              {producto.cantidadTotalGrupo} lugares para completar el grupo
            </p>
            {grupo && <div className="my-3">{grupo}</div>}
            <p className="mt-1 text-secondary-foreground/75">
              Pagas ahora para reservar tu lugar; si el grupo se cancela, te devolvemos el dinero al
              instante.
            </p>
          </div>
        </div>

        <div className="mt-4">
          {!producto.disponible ? (
            <Badge variant="destructive">
              <PackageXIcon aria-hidden />
              No disponible
            </Badge>
          ) : sinStock ? (
            <Badge variant="destructive">
              <PackageXIcon aria-hidden />
              Sin stock
            </Badge>
          ) : (
            <Badge variant="secondary">
              <PackageCheckIcon aria-hidden />
              Stock disponible: {producto.stock} {producto.stock === 1 ? 'unidad' : 'unidades'}
            </Badge>
          )}
        </div>

        <div className="mt-6 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5">
          {compra}
          <Button
            type="button"
            variant="outline"
            className="mt-3 w-full"
            onClick={() => void compartirProducto(producto._id)}
          >
            <Share2Icon aria-hidden />
            Compartir
          </Button>
        </div>
      </div>
    </article>
  );
}
