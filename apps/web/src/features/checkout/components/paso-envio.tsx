import type { OpcionEnvio } from '@compra-grupal/contracts';
import { RotateCcwIcon, StoreIcon, TriangleAlertIcon, TruckIcon, UsersIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrecio } from '@/lib/format-currency';
import { CHECKOUT_TEXTOS, ENTREGA_EN_GRUPO_TEXTOS } from '../lib/textos';
import { nombreDeTienda } from './checkout-resumen';
import { OpcionRadio } from './opcion-radio';
import type { TiendaCheckout, TiendaDelPedido } from './tipos';

/** One store's quote as the wizard holds it. */
export interface CotizacionDeTienda {
  /** 'sin-ubicacion': the address has no point on the map yet (the quote's 422). */
  estado: 'cargando' | 'lista' | 'error' | 'sin-ubicacion';
  /** The server's reason, with 'sin-ubicacion'. */
  motivo?: string | undefined;
  opciones: readonly OpcionEnvio[];
  reintentar: () => void;
}

/** The key of an option inside its store's list. */
export function claveDeOpcion(opcion: Pick<OpcionEnvio, 'carrier' | 'servicio'>): string {
  return `${opcion.carrier}::${opcion.servicio}`;
}

function Aviso({
  texto,
  onReintentar,
  accion,
}: {
  texto: string;
  onReintentar?: () => void;
  accion?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      <p className="flex items-start gap-2">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        {texto}
      </p>
      {onReintentar && (
        <Button type="button" variant="outline" size="sm" onClick={onReintentar}>
          <RotateCcwIcon aria-hidden />
          Reintentar
        </Button>
      )}
      {accion}
    </div>
  );
}

/**
 * One shipping option: its carrier, service, time and price. 'Entrega en grupo' (issue 36, the
 * store's shared route) adds its badge and the line saying how low today's price, the most the
 * member's share can be, can fall as neighbours join.
 */
function Opcion({ opcion }: { opcion: OpcionEnvio }) {
  const { entregaEnGrupo } = opcion;
  const Icono = entregaEnGrupo ? UsersIcon : TruckIcon;
  const encabezado = (
    <span className="flex items-start justify-between gap-3">
      <span className="flex min-w-0 items-start gap-2">
        <Icono className="mt-0.5 hidden size-4 shrink-0 text-primary sm:block" aria-hidden />
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium leading-snug">{opcion.carrier}</span>
            {entregaEnGrupo && (
              <Badge variant="secondary">
                <UsersIcon aria-hidden />
                {ENTREGA_EN_GRUPO_TEXTOS.insignia}
              </Badge>
            )}
          </span>
          <span className="block text-muted-foreground text-sm leading-snug">
            {opcion.servicio} · {opcion.tiempoEntrega}
          </span>
        </span>
      </span>
      <span className="shrink-0 whitespace-nowrap font-semibold tabular-nums">
        {formatPrecio(opcion.precio)}
      </span>
    </span>
  );
  if (!entregaEnGrupo) return encabezado;
  return (
    <span data-slot="opcion-entrega-en-grupo" className="grid gap-2">
      {encabezado}
      <span
        data-slot="entrega-en-grupo-linea"
        className="text-pretty rounded-lg bg-secondary/70 px-2.5 py-1.5 text-secondary-foreground text-xs leading-snug sm:ml-6 sm:text-sm"
      >
        {ENTREGA_EN_GRUPO_TEXTOS.linea(opcion.precio, entregaEnGrupo.hasta)}
      </span>
    </span>
  );
}

function TiendaEnvio({
  info,
  cotizacion,
  elegida,
  onElegir,
  ubicarDireccion,
}: {
  ubicarDireccion: ReactNode;
  info: TiendaCheckout | undefined;
  cotizacion: CotizacionDeTienda | undefined;
  elegida: string | undefined;
  onElegir: (clave: string) => void;
}) {
  const nombre = useId();
  const titulo = nombreDeTienda(info);
  return (
    <section
      aria-labelledby={`${nombre}-titulo`}
      data-slot="envio-tienda"
      aria-busy={cotizacion?.estado === 'cargando'}
      className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-border/70 p-3 sm:p-4"
    >
      <h3 id={`${nombre}-titulo`} className="flex min-w-0 items-center gap-2 font-semibold">
        <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-secondary text-secondary-foreground">
          <StoreIcon className="size-4" aria-hidden />
        </span>
        <span className="truncate" title={`Envío de ${titulo}`}>
          Envío de {titulo}
        </span>
      </h3>
      {info?.error && <p className="text-muted-foreground text-xs">{CHECKOUT_TEXTOS.sinTienda}</p>}
      {!cotizacion || cotizacion.estado === 'cargando' ? (
        <div role="status" aria-label={`Cotizando el envío de ${titulo}`} className="grid gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : cotizacion.estado === 'sin-ubicacion' ? (
        <Aviso
          texto={cotizacion.motivo ?? CHECKOUT_TEXTOS.seleccionaUbicacion}
          accion={ubicarDireccion}
        />
      ) : cotizacion.estado === 'error' ? (
        <Aviso texto={CHECKOUT_TEXTOS.sinCotizacion} onReintentar={cotizacion.reintentar} />
      ) : cotizacion.opciones.length === 0 ? (
        <Aviso texto={CHECKOUT_TEXTOS.sinOpciones} />
      ) : (
        <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
          <legend className="sr-only">Método de envío de {titulo}</legend>
          {cotizacion.opciones.map((opcion) => {
            const clave = claveDeOpcion(opcion);
            return (
              <OpcionRadio
                key={clave}
                name={nombre}
                value={clave}
                checked={elegida === clave}
                onChange={onElegir}
              >
                <Opcion opcion={opcion} />
              </OpcionRadio>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}

/** Step 5: one quote and one chosen option per store of the cart. */
export function PasoEnvio({
  tiendas,
  infoTiendas,
  cotizaciones,
  elegidas,
  onElegir,
  ubicarDireccion = null,
}: {
  /** The button that places the address's point, shown with a 'sin-ubicacion' quote. */
  ubicarDireccion?: ReactNode;
  tiendas: readonly TiendaDelPedido[];
  infoTiendas: ReadonlyMap<string, TiendaCheckout>;
  cotizaciones: ReadonlyMap<string, CotizacionDeTienda>;
  elegidas: ReadonlyMap<string, string>;
  onElegir: (tiendaId: string, clave: string) => void;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {tiendas.length > 1 && (
        <p className="text-muted-foreground text-sm">
          Cada tienda envía su parte por separado: elige un envío para cada una.
        </p>
      )}
      {tiendas.map((tienda) => (
        <TiendaEnvio
          key={tienda.tiendaId}
          info={infoTiendas.get(tienda.tiendaId)}
          cotizacion={cotizaciones.get(tienda.tiendaId)}
          elegida={elegidas.get(tienda.tiendaId)}
          onElegir={(clave) => onElegir(tienda.tiendaId, clave)}
          ubicarDireccion={ubicarDireccion}
        />
      ))}
    </div>
  );
}
