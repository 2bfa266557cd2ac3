import { StoreIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * Rows that are stacked cards on a phone and one table from `lg` up. A row is a `<dl>`: each
 * cell names itself (visibly on a phone, for screen readers on a wide screen, where the
 * header row says it once). `columnas` is the `lg:grid-cols-[…]` of the header and the rows.
 */
export function TablaDeDinero({
  etiqueta,
  columnas,
  encabezados,
  children,
}: {
  etiqueta: string;
  columnas: string;
  encabezados: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="lg:overflow-hidden lg:rounded-2xl lg:border lg:border-border/70 lg:bg-card lg:shadow-xs">
      <div
        aria-hidden
        className={cn(
          'hidden gap-4 border-border/70 border-b bg-muted/50 px-5 py-2.5 font-medium text-muted-foreground text-xs lg:grid',
          columnas,
        )}
      >
        {encabezados.map((encabezado, indice) => (
          <span key={encabezado} className={cn(indice === encabezados.length - 1 && 'text-right')}>
            {encabezado}
          </span>
        ))}
      </div>
      <ul aria-label={etiqueta} className="grid gap-3 lg:gap-0 lg:divide-y lg:divide-border/70">
        {children}
      </ul>
    </div>
  );
}

/** One row: a card on a phone (order and amount on top, a line per cell below), a table row from `lg` up. */
export function FilaDeDinero({ columnas, children }: { columnas: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-border/70 bg-card p-4 shadow-xs lg:rounded-none lg:border-0 lg:px-5 lg:py-3.5 lg:shadow-none">
      <dl
        className={cn(
          'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2.5 lg:gap-y-0',
          columnas,
        )}
      >
        {children}
      </dl>
    </li>
  );
}

/**
 * A cell. On a phone it takes a line, its label on the left and its value on the right, or the
 * value alone with `etiquetaOculta` (the label is still there for screen readers).
 */
export function Celda({
  etiqueta,
  etiquetaOculta = false,
  className,
  children,
}: {
  etiqueta: string;
  etiquetaOculta?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'col-span-2 min-w-0 lg:col-span-1',
        !etiquetaOculta && 'flex items-baseline justify-between gap-3 lg:block',
        className,
      )}
    >
      <dt
        className={cn(
          'shrink-0 text-muted-foreground text-xs lg:sr-only',
          etiquetaOculta && 'sr-only',
        )}
      >
        {etiqueta}
      </dt>
      <dd className={cn('min-w-0 text-sm', !etiquetaOculta && 'text-right lg:text-left')}>
        {children}
      </dd>
    </div>
  );
}

/** A row's first two cells: the order's number and its store. */
export function CeldasDePedido({ numero, tiendaNombre }: { numero: string; tiendaNombre: string }) {
  return (
    <>
      <Celda etiqueta="Pedido" etiquetaOculta className="col-span-1 row-start-1">
        <span className="font-mono font-semibold">{numero}</span>
      </Celda>
      <Celda etiqueta="Tienda" etiquetaOculta>
        <span className="flex items-center gap-1.5">
          <StoreIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate" title={tiendaNombre}>
            {tiendaNombre}
          </span>
        </span>
      </Celda>
    </>
  );
}
