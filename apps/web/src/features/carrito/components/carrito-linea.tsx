import { CircleAlertIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrecio } from '@/lib/format-currency';
import { type ItemCarrito, subtotalDeLinea } from '../utils/item-carrito';
import { CantidadStepper } from './cantidad-stepper';

export interface CarritoLineaProps {
  item: ItemCarrito;
  /** The product's picture (or its placeholder). */
  imagen: ReactNode;
  onCantidad: (cantidad: number) => void;
  onQuitar: () => void;
  /** Loads the product again after a failure. */
  onReintentar: () => void;
}

/**
 * One cart line (spec part 1, "Cart screen"): product, unit price, a quantity control that
 * never goes below 1, its subtotal and removal. A product that no longer exists reads
 * 'Producto no encontrado' and can only be removed; one that failed to load can be retried.
 */
export function CarritoLinea({
  item,
  imagen,
  onCantidad,
  onQuitar,
  onReintentar,
}: CarritoLineaProps) {
  const { linea, producto, estado } = item;

  if (estado === 'cargando') {
    return (
      <li
        data-slot="carrito-linea"
        aria-busy="true"
        className="flex gap-3 rounded-xl border border-border/70 bg-card p-3 shadow-sm sm:gap-4 sm:p-4"
      >
        <span className="sr-only">Cargando producto…</span>
        <Skeleton aria-hidden className="size-20 shrink-0 rounded-lg sm:size-24" />
        <div aria-hidden className="flex flex-1 flex-col">
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="mt-2 h-4 w-24" />
          <Skeleton className="mt-auto h-9 w-32" />
        </div>
      </li>
    );
  }

  if (estado !== 'listo' || !producto) {
    const titulo = estado === 'no-encontrado' ? 'Producto no encontrado' : 'Producto no disponible';
    return (
      <li
        data-slot="carrito-linea"
        className="flex items-center gap-3 rounded-xl border border-destructive/25 border-dashed bg-destructive-soft/40 p-3 sm:gap-4 sm:p-4"
      >
        <span className="grid size-20 shrink-0 place-items-center rounded-lg bg-destructive-soft text-destructive sm:size-24">
          <CircleAlertIcon className="size-7" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{titulo}</p>
          <p className="mt-0.5 text-muted-foreground text-sm">
            {estado === 'no-encontrado'
              ? 'Este producto ya no existe. Quítalo para continuar con tu compra.'
              : 'No pudimos cargar este producto ahora.'}{' '}
            <span className="whitespace-nowrap">Cantidad: {linea.cantidadSolicitada}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          {estado === 'error' && (
            <Button type="button" variant="outline" size="sm" onClick={onReintentar}>
              <RotateCwIcon aria-hidden />
              <span className="max-sm:sr-only">Reintentar</span>
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onQuitar}
            aria-label={`Eliminar ${titulo.toLowerCase()}`}
          >
            <Trash2Icon aria-hidden />
            <span className="max-sm:sr-only">Eliminar</span>
          </Button>
        </div>
      </li>
    );
  }

  const enlace = `/product/${producto._id}`;
  return (
    <li
      data-slot="carrito-linea"
      className="flex gap-3 rounded-xl border border-border/70 bg-card p-3 shadow-sm sm:gap-4 sm:p-4"
    >
      <Link
        to={enlace}
        tabIndex={-1}
        aria-hidden
        className="size-20 shrink-0 overflow-hidden rounded-lg sm:size-24"
      >
        {imagen}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold leading-snug">
              <Link
                to={enlace}
                title={producto.nombre}
                className="line-clamp-2 rounded-sm wrap-anywhere hover:text-primary-strong"
              >
                {producto.nombre}
              </Link>
            </h3>
            <p className="mt-0.5 text-muted-foreground text-sm tabular-nums">
              {formatPrecio(producto.precio)} c/u
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            onClick={onQuitar}
            aria-label={`Eliminar ${producto.nombre}`}
            className="-mt-1 -mr-1 shrink-0 text-muted-foreground hover:bg-destructive-soft hover:text-destructive"
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-1">
            <CantidadStepper
              size="sm"
              value={linea.cantidadSolicitada}
              onChange={onCantidad}
              max={Math.max(1, producto.stock)}
              label={`Cantidad de ${producto.nombre}`}
            />
            {linea.cantidadSolicitada >= producto.stock && (
              <p data-slot="aviso-stock" className="text-muted-foreground text-xs">
                {producto.stock <= 0
                  ? 'Sin stock por ahora'
                  : linea.cantidadSolicitada > producto.stock
                    ? `Quedan ${producto.stock}: ajusta la cantidad`
                    : `Máximo disponible: ${producto.stock}`}
              </p>
            )}
          </div>
          <p className="font-bold tabular-nums" data-slot="subtotal">
            <span className="sr-only">Subtotal: </span>
            {formatPrecio(subtotalDeLinea(producto.precio, linea.cantidadSolicitada))}
          </p>
        </div>
      </div>
    </li>
  );
}
