import type { Producto } from '@compra-grupal/contracts';
import { PackageIcon, PencilIcon, Trash2Icon, UsersRoundIcon } from 'lucide-react';
import { FallbackImage } from '@/components/fallback-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { TEXTOS } from '../lib/textos';

/**
 * One of the seller's products (spec part 2, section 2): picture, 'Disponible' / 'No
 * disponible', name, description, price, stock (destructive when none is left), 'Total grupo',
 * 'Editar' and the trash button that withdraws it after a confirmation.
 */
export function ProductoVendedorCard({
  producto,
  onEditar,
  onRetirar,
}: {
  producto: Producto;
  onEditar: (producto: Producto) => void;
  onRetirar: (producto: Producto) => void;
}) {
  const sinStock = producto.stock <= 0;
  return (
    <article
      aria-labelledby={`producto-${producto._id}`}
      className="group flex flex-col overflow-hidden rounded-2xl border border-border/70 bg-card shadow-xs transition-shadow duration-150 hover:shadow-md motion-reduce:transition-none"
    >
      <div className="relative aspect-[4/3] bg-muted">
        <FallbackImage
          src={producto.imagen}
          alt={producto.nombre}
          className="size-full"
          fallback={
            <div className="grid size-full place-items-center text-muted-foreground">
              <PackageIcon className="size-10" aria-hidden />
            </div>
          }
        />
        <Badge
          variant={producto.disponible ? 'default' : 'secondary'}
          className="absolute top-2.5 left-2.5 shadow-sm"
        >
          {producto.disponible ? TEXTOS.disponible : TEXTOS.noDisponible}
        </Badge>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          <h3
            id={`producto-${producto._id}`}
            title={producto.nombre}
            className="line-clamp-2 font-semibold leading-snug tracking-tight wrap-anywhere"
          >
            {producto.nombre}
          </h3>
          {producto.descripcion && (
            <p className="line-clamp-2 text-pretty text-muted-foreground text-sm">
              {producto.descripcion}
            </p>
          )}
        </div>

        <p className="font-bold text-lg tabular-nums tracking-tight">
          {formatPrecio(producto.precio)}
          {producto.precioSiguiente != null && (
            <span className="block font-medium text-muted-foreground text-xs tracking-normal">
              Próximo grupo: {formatPrecio(producto.precioSiguiente)}
            </span>
          )}
        </p>

        <dl className="flex flex-wrap items-center gap-2 text-xs">
          <div>
            <dt className="sr-only">Stock</dt>
            <dd>
              <Badge
                variant={sinStock ? 'destructive' : 'outline'}
                className="tabular-nums"
                data-slot="stock"
              >
                {sinStock ? 'Sin stock' : `Stock: ${producto.stock}`}
              </Badge>
            </dd>
          </div>
          <div className="flex items-center gap-1 text-muted-foreground" data-slot="total-grupo">
            <dt className="flex items-center gap-1">
              <UsersRoundIcon className="size-3.5" aria-hidden />
              {TEXTOS.totalGrupo}:
            </dt>
            <dd className="font-semibold text-foreground tabular-nums">
              {producto.cantidadTotalGrupo}
            </dd>
          </div>
        </dl>

        <div className="mt-auto flex gap-2 pt-1">
          <Button
            type="button"
            variant="outline"
            className="flex-1"
            onClick={() => onEditar(producto)}
            aria-describedby={`producto-${producto._id}`}
          >
            <PencilIcon aria-hidden />
            {TEXTOS.editar}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={`Retirar ${producto.nombre} de la venta`}
            onClick={() => onRetirar(producto)}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>
    </article>
  );
}
