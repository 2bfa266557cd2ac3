import type { ParadaDeRuta } from '@compra-grupal/contracts';
import {
  CheckIcon,
  MapIcon,
  MapPinOffIcon,
  NavigationIcon,
  PhoneIcon,
  ReceiptTextIcon,
  UserRoundIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import { cn } from '@/lib/utils';
import { formatDistancia, formatHora, telefonoHref } from '../lib/formato';
import { enlaceGoogleMaps, enlaceWaze, tienePunto } from '../lib/ruta';

/** The id of a stop's element, so the map can bring it into view. */
export function idDeParada(parada: Pick<ParadaDeRuta, 'tiendaId' | 'pedidoId'>): string {
  return `parada-${parada.tiendaId}-${parada.pedidoId}`;
}

/** A stop's number on the route's rail: filled while pending, a check once delivered. */
function NumeroDeParada({ parada }: { parada: ParadaDeRuta }) {
  if (parada.entregada) {
    return (
      <span className="relative z-10 grid size-9 shrink-0 place-items-center rounded-full border-2 border-primary bg-card text-primary shadow-sm">
        <CheckIcon className="size-4.5" strokeWidth={3} aria-hidden />
      </span>
    );
  }
  return (
    <span
      className={cn(
        'relative z-10 grid size-9 shrink-0 place-items-center rounded-full font-bold text-sm tabular-nums shadow-sm',
        tienePunto(parada)
          ? 'bg-primary text-primary-foreground shadow-primary/25'
          : 'border-2 border-muted-foreground/40 border-dashed bg-card text-muted-foreground',
      )}
    >
      {parada.orden}
    </span>
  );
}

/**
 * One stop of the day's route, made for one thumb: its number, the address (street and number
 * first, then the flat and the note, then the locality), the buyer, the phone to call, the
 * products, the order's number, directions in Google Maps and Waze, and the delivery `accion`
 * (the code, or 'Marcar como entregado'). A delivered stop is checked off and has no action.
 */
export function ParadaDeRutaItem({
  parada,
  ultima,
  accion,
}: {
  parada: ParadaDeRuta;
  /** The last stop: the rail does not go on below it. */
  ultima: boolean;
  accion: ReactNode;
}) {
  const titulo = `${idDeParada(parada)}-titulo`;
  const conPunto = tienePunto(parada);
  return (
    <li
      id={idDeParada(parada)}
      aria-labelledby={titulo}
      data-slot="parada-de-ruta"
      data-entregada={parada.entregada || undefined}
      tabIndex={-1}
      className="group/parada relative flex scroll-mt-24 gap-3 outline-none sm:gap-4"
    >
      {/* The rail: the stop's number, and a line to the next one. */}
      <div className="flex flex-col items-center" aria-hidden>
        <NumeroDeParada parada={parada} />
        {!ultima && (
          <span
            className={cn(
              '-mb-4 mt-1 w-0.5 flex-1 rounded-full',
              parada.entregada ? 'bg-primary/40' : 'bg-border',
            )}
          />
        )}
      </div>

      <article
        className={cn(
          '@container mb-4 min-w-0 flex-1 rounded-2xl border bg-card p-4 shadow-sm transition-shadow group-focus/parada:ring-[3px] group-focus/parada:ring-ring/45 sm:p-5',
          parada.entregada ? 'border-primary/25 bg-secondary/40 shadow-none' : 'border-border/70',
        )}
      >
        <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0 flex-1">
            <h3 id={titulo} className="font-semibold text-base leading-snug wrap-anywhere">
              <span className="sr-only">Parada {parada.orden}: </span>
              {lineaDeLaPuerta(parada.direccion)}
            </h3>
            <p className="mt-0.5 text-muted-foreground text-sm">
              {lineaDeLaLocalidad(parada.direccion)}
            </p>
          </div>
          {parada.entregada ? (
            <Badge>
              <CheckIcon aria-hidden />
              Entregado
              {parada.entregadaEn && (
                <span className="font-normal opacity-90">· {formatHora(parada.entregadaEn)}</span>
              )}
            </Badge>
          ) : !conPunto ? (
            <Badge variant="highlight">
              <MapPinOffIcon aria-hidden />
              Sin ubicación en el mapa
            </Badge>
          ) : parada.distanciaDesdeAnteriorMetros !== null ? (
            <Badge variant="secondary" className="tabular-nums">
              A {formatDistancia(parada.distanciaDesdeAnteriorMetros)}
            </Badge>
          ) : null}
        </header>

        <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-2 text-sm @md:grid-cols-2">
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Comprador</span>
            </dt>
            <dd className="truncate font-medium" title={parada.comprador}>
              {parada.comprador}
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <PhoneIcon className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Teléfono</span>
            </dt>
            <dd>
              <a
                href={telefonoHref(parada.telefono)}
                className="-my-2 inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline"
              >
                {parada.telefono}
              </a>
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-2 @md:col-span-2">
            <dt>
              <ReceiptTextIcon className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Pedido</span>
            </dt>
            <dd className="text-muted-foreground">
              Pedido <span className="font-mono text-foreground">{parada.numero}</span>
            </dd>
          </div>
        </dl>

        <ul
          className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-1.5 rounded-xl bg-muted/60 p-3 text-sm"
          aria-label={`Productos del pedido ${parada.numero}`}
        >
          {parada.productos.map((producto, indice) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines carry no id of their own.
            <li key={indice} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 wrap-anywhere">{producto.nombre}</span>
              <span className="shrink-0 font-medium tabular-nums">× {producto.cantidad}</span>
            </li>
          ))}
        </ul>

        {!parada.entregada && (
          <>
            <div className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-2 @sm:grid-cols-2">
              <Button asChild variant="outline" className="h-11 sm:h-10">
                <a href={enlaceGoogleMaps(parada)} target="_blank" rel="noopener noreferrer">
                  <MapIcon aria-hidden />
                  <span className="truncate">Abrir en Google Maps</span>
                </a>
              </Button>
              <Button asChild variant="outline" className="h-11 sm:h-10">
                <a href={enlaceWaze(parada)} target="_blank" rel="noopener noreferrer">
                  <NavigationIcon aria-hidden />
                  <span className="truncate">Abrir en Waze</span>
                </a>
              </Button>
            </div>
            <div className="mt-4 border-border/70 border-t pt-4">{accion}</div>
          </>
        )}
      </article>
    </li>
  );
}
