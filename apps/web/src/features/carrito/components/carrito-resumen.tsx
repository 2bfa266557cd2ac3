import { StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';
import { agruparPorTienda, type ItemCarrito, subtotalDeLinea } from '../utils/item-carrito';
import { ProcederAlCheckout } from './proceder-al-checkout';

export interface CarritoResumenProps {
  items: readonly ItemCarrito[];
  total: number;
  /** Store names by id, as far as they are known. */
  nombresDeTiendas: ReadonlyMap<string, string>;
  /** Why checkout cannot start yet; null when it can. */
  bloqueo: string | null;
  onCerrar: () => void;
}

/**
 * The cart summary (spec part 1, "Cart screen"): the lines grouped by store, each store's
 * subtotal and the total; it closes back to /cart.
 */
export function CarritoResumen({
  items,
  total,
  nombresDeTiendas,
  bloqueo,
  onCerrar,
}: CarritoResumenProps) {
  const grupos = agruparPorTienda(items);
  const faltantes = items.filter(
    (item) => item.estado === 'no-encontrado' || item.estado === 'error',
  ).length;

  return (
    <div className="flex flex-col gap-4">
      {grupos.length === 0 ? (
        <p className="text-muted-foreground text-sm">No hay productos para resumir.</p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {grupos.map((grupo) => {
            const nombre = nombresDeTiendas.get(grupo.tiendaId) ?? 'Tienda';
            return (
              <li
                key={grupo.tiendaId}
                data-slot="resumen-tienda"
                className="rounded-xl border border-border/70 bg-card p-4"
              >
                <div className="flex items-center justify-between gap-3">
                  <Link
                    to={`/store/${grupo.tiendaId}`}
                    className="flex min-w-0 items-center gap-2 font-semibold hover:text-primary-strong"
                  >
                    <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-secondary text-secondary-foreground">
                      <StoreIcon className="size-4" aria-hidden />
                    </span>
                    <span className="truncate" title={nombre}>
                      {nombre}
                    </span>
                  </Link>
                  <span className="shrink-0 text-muted-foreground text-xs">
                    {textoCantidadProductos(grupo.cantidad)}
                  </span>
                </div>
                <ul className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-1.5 text-sm">
                  {grupo.items.map(({ linea, producto }) => (
                    <li key={linea.productoId} className="flex justify-between gap-3">
                      <span className="min-w-0 truncate" title={producto.nombre}>
                        <span className="text-muted-foreground tabular-nums">
                          {linea.cantidadSolicitada} ×
                        </span>{' '}
                        {producto.nombre}
                      </span>
                      <span className="shrink-0 whitespace-nowrap tabular-nums">
                        {formatPrecio(subtotalDeLinea(producto.precio, linea.cantidadSolicitada))}
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex justify-between gap-3 border-border/70 border-t pt-3 font-medium text-sm">
                  <span>Subtotal de la tienda</span>
                  <span className="tabular-nums">{formatPrecio(grupo.subtotal)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {faltantes > 0 && (
        <p className="text-muted-foreground text-sm">
          {faltantes === 1
            ? '1 producto no disponible no se incluye en el total.'
            : `${faltantes} productos no disponibles no se incluyen en el total.`}
        </p>
      )}

      <div className="flex items-baseline justify-between gap-4 rounded-xl bg-secondary/70 px-4 py-3 text-secondary-foreground">
        <span className="font-semibold">Total</span>
        <span data-slot="resumen-total" className="font-extrabold text-xl tabular-nums">
          {formatPrecio(total)}
        </span>
      </div>
      {grupos.length > 1 && (
        <p className="-mt-2 text-muted-foreground text-xs">
          Pagarás a cada tienda por separado al finalizar la compra.
        </p>
      )}

      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" onClick={onCerrar}>
          Volver al carrito
        </Button>
        <ProcederAlCheckout bloqueado={bloqueo !== null} />
      </div>
    </div>
  );
}
