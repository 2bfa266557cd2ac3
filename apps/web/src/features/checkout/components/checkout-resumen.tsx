import type { OpcionEnvio } from '@compra-grupal/contracts';
import { ChevronDownIcon, StoreIcon, UsersIcon } from 'lucide-react';
import { formatPrecio } from '@/lib/format-currency';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';
import { ENTREGA_EN_GRUPO_TEXTOS } from '../lib/textos';
import { type LineaCheckout, sumar, type TiendaCheckout, type TiendaDelPedido } from './tipos';

export interface CheckoutResumenProps {
  tiendas: readonly TiendaDelPedido[];
  infoTiendas: ReadonlyMap<string, TiendaCheckout>;
  /** The chosen shipping option per store, once chosen (its price, and whether it may fall). */
  envios: ReadonlyMap<string, EnvioElegido>;
  /** Open by default (the final summary) or folded (the summary above the steps). */
  abierto?: boolean;
  titulo?: string;
}

/** What the summary needs of a chosen shipping option. */
export type EnvioElegido = Pick<OpcionEnvio, 'precio' | 'entregaEnGrupo'>;

export function nombreDeTienda(info: TiendaCheckout | undefined): string {
  return info?.nombre ?? 'Tienda';
}

function cantidadTotal(lineas: readonly LineaCheckout[]): number {
  return lineas.reduce((total, linea) => total + linea.cantidadSolicitada, 0);
}

/**
 * The cart summary (spec part 1, section 2: on top of the checkout): the lines by store, each
 * store's subtotal and shipping once chosen, and the total in es-AR currency. A disclosure, so
 * on a phone it folds away and leaves room for the step. 'Entrega en grupo' (issue 36) reads
 * 'Entrega en grupo (hoy)', with how low it can fall: today's price is the most it costs.
 */
export function CheckoutResumen({
  tiendas,
  infoTiendas,
  envios,
  abierto = false,
  titulo = 'Resumen de tu compra',
}: CheckoutResumenProps) {
  const productos = sumar(tiendas.map((tienda) => tienda.subtotal));
  const envio = sumar([...envios.values()].map(({ precio }) => precio));
  const algunoEnGrupo = [...envios.values()].some(({ entregaEnGrupo }) => entregaEnGrupo);
  const total = sumar([productos, envio]);
  const cantidad = cantidadTotal(tiendas.flatMap((tienda) => tienda.lineas));
  return (
    <details
      open={abierto}
      className="group rounded-2xl border border-border/70 bg-card shadow-sm [&_summary::-webkit-details-marker]:hidden"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45 sm:px-5">
        <span className="min-w-0">
          <span className="block font-semibold">{titulo}</span>
          <span className="block text-muted-foreground text-xs">
            {textoCantidadProductos(cantidad)} de{' '}
            {tiendas.length === 1 ? '1 tienda' : `${tiendas.length} tiendas`}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <span data-slot="checkout-total" className="font-extrabold text-lg tabular-nums">
            {formatPrecio(total)}
          </span>
          <ChevronDownIcon
            aria-hidden
            className="size-4 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
          />
        </span>
      </summary>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 border-border/70 border-t px-4 py-4 sm:px-5">
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {tiendas.map((tienda) => {
            const elegido = envios.get(tienda.tiendaId);
            return (
              <li
                key={tienda.tiendaId}
                data-slot="resumen-tienda"
                className="rounded-xl border border-border/70 p-3"
              >
                <p className="flex items-center gap-2 font-semibold text-sm">
                  <span className="grid size-6 shrink-0 place-items-center rounded-md bg-secondary text-secondary-foreground">
                    <StoreIcon className="size-3.5" aria-hidden />
                  </span>
                  <span
                    className="truncate"
                    title={nombreDeTienda(infoTiendas.get(tienda.tiendaId))}
                  >
                    {nombreDeTienda(infoTiendas.get(tienda.tiendaId))}
                  </span>
                </p>
                <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-1 text-sm">
                  {tienda.lineas.map((linea) => (
                    <li key={linea.productoId} className="flex justify-between gap-3">
                      <span className="min-w-0 wrap-anywhere">
                        <span className="text-muted-foreground tabular-nums">
                          {linea.cantidadSolicitada} ×
                        </span>{' '}
                        {linea.nombre}
                      </span>
                      <span className="shrink-0 whitespace-nowrap tabular-nums">
                        {formatPrecio(sumar([linea.precio * linea.cantidadSolicitada]))}
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="mt-2 grid gap-1 border-border/70 border-t pt-2 text-sm">
                  <div className="flex justify-between gap-3">
                    <span className="text-muted-foreground">Subtotal</span>
                    <span className="tabular-nums">{formatPrecio(tienda.subtotal)}</span>
                  </div>
                  {elegido && (
                    <div className="grid gap-0.5">
                      <div className="flex justify-between gap-3">
                        <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
                          {elegido.entregaEnGrupo && (
                            <UsersIcon className="size-3.5 shrink-0 text-primary" aria-hidden />
                          )}
                          {elegido.entregaEnGrupo ? ENTREGA_EN_GRUPO_TEXTOS.enResumen : 'Envío'}
                        </span>
                        <span data-slot="resumen-envio" className="tabular-nums">
                          {formatPrecio(elegido.precio)}
                        </span>
                      </div>
                      {elegido.entregaEnGrupo && (
                        <p
                          data-slot="resumen-entrega-en-grupo"
                          className="text-pretty text-muted-foreground text-xs"
                        >
                          {ENTREGA_EN_GRUPO_TEXTOS.notaDelResumen(elegido.entregaEnGrupo.hasta)}
                        </p>
                      )}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <dl className="grid grid-cols-[minmax(0,1fr)] gap-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Productos</dt>
            <dd className="tabular-nums">{formatPrecio(productos)}</dd>
          </div>
          {envios.size > 0 && (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">
                {algunoEnGrupo ? ENTREGA_EN_GRUPO_TEXTOS.envioHoy : 'Envío'}
              </dt>
              <dd className="tabular-nums">{formatPrecio(envio)}</dd>
            </div>
          )}
          <div className="mt-1 flex items-baseline justify-between gap-3 rounded-xl bg-secondary/70 px-3 py-2 text-secondary-foreground">
            <dt className="font-semibold">Total</dt>
            <dd data-slot="resumen-total" className="font-extrabold text-lg tabular-nums">
              {formatPrecio(total)}
            </dd>
          </div>
        </dl>
      </div>
    </details>
  );
}
