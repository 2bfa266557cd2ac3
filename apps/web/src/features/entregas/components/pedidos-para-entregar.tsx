import { numeroDePedido, type PedidoParaEntregar } from '@compra-grupal/contracts';
import { CheckCheckIcon, ClipboardCheckIcon, HourglassIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { ErrorView } from '@/components/error-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTiendaIdDelVendedor } from '@/entities/tienda/api/get-tienda-del-vendedor';
import { useErrorToast } from '@/hooks/use-error-toast';
import { usePedidosParaEntregar } from '../api/get-pedidos-para-entregar';
import { useMarcarEntregado } from '../api/marcar-entregado';
import { TEXTOS_ENTREGA } from '../lib/textos';
import { ConfirmarEntregaDialog } from './confirmar-entrega-dialog';
import { DatosDeEntrega } from './datos-de-entrega';
import { ProductoImagen } from './producto-imagen';
import { RutasDelDia } from './rutas-del-dia';

/** One order of the store: its lines (one per product) share address, phone and state. */
interface PedidoAgrupado {
  pedidoId: string;
  lineas: PedidoParaEntregar[];
  listo: boolean;
}

function agrupar(lineas: readonly PedidoParaEntregar[]): PedidoAgrupado[] {
  const pedidos = new Map<string, PedidoAgrupado>();
  for (const linea of lineas) {
    const pedido = pedidos.get(linea.pedidoId);
    if (pedido) {
      pedido.lineas.push(linea);
      pedido.listo &&= linea.listo;
    } else {
      pedidos.set(linea.pedidoId, {
        pedidoId: linea.pedidoId,
        lineas: [linea],
        listo: linea.listo,
      });
    }
  }
  return [...pedidos.values()];
}

/**
 * Pedidos para entregar, Mi Tienda's last section (spec part 2, section 2): numbered cards
 * titled with the order's number ('Pedido #67BD0D', the same on every screen), with each
 * product's image and name, its quantity, the delivery address and phone, and 'Marcar como
 * entregado' after 'Confirmar entrega'. An order whose groups are not complete yet cannot be
 * delivered: its button is off and the card says why. Above them, the store's day as a route
 * (issue 36): the map, the stops in visiting order and the printed sheet.
 */
export function PedidosParaEntregar({
  usuarioId,
  PlanoSinConexion,
}: {
  usuarioId: string;
  /** The offline plan drawn under the route's map without tiles (given by the route). */
  PlanoSinConexion?: ComponentType;
}) {
  const tienda = useTiendaIdDelVendedor(usuarioId);
  const tiendaId = tienda.data ?? null;
  const conRuta = (pedidos: ReactNode) => (
    <div className="grid gap-10">
      <RutasDelDia
        tiendaId={tiendaId ?? ''}
        enabled={tiendaId !== null}
        PlanoSinConexion={PlanoSinConexion}
      />
      <div className="print:hidden">
        <p
          aria-hidden
          className="mb-4 flex items-center gap-3 font-medium text-muted-foreground text-xs uppercase tracking-wider"
        >
          Todos los pedidos
          <span className="h-px flex-1 bg-border" />
        </p>
        {pedidos}
      </div>
    </div>
  );
  const { data: lineas, isError, errorUpdatedAt, refetch } = usePedidosParaEntregar(tiendaId);
  const marcar = useMarcarEntregado(tiendaId ?? '');
  const [aConfirmar, setAConfirmar] = useState<string | null>(null);
  useErrorToast(
    isError ? errorUpdatedAt : tienda.isError ? tienda.errorUpdatedAt : 0,
    'Error',
    TEXTOS_ENTREGA.errorCarga,
  );

  if (tienda.isError || isError) {
    const error = (
      <ErrorView
        headingLevel="h2"
        title="Error al cargar los pedidos"
        onRetry={() => void (tienda.isError ? tienda.refetch() : refetch())}
      >
        {TEXTOS_ENTREGA.errorCarga}. Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
    // Without the store's id there is no route to show either.
    return tienda.isError ? error : conRuta(error);
  }
  if (!lineas) return conRuta(<PedidosSkeleton />);

  const pedidos = agrupar(lineas);
  if (pedidos.length === 0) {
    // Nothing left to deliver: the spec's empty state alone, not a second one for the route.
    return (
      <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
          <ClipboardCheckIcon className="size-7" aria-hidden />
        </span>
        <h2 className="mt-5 font-semibold text-xl tracking-tight">{TEXTOS_ENTREGA.sinPedidos}</h2>
        <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
          Cuando se complete un grupo de tus productos, sus pedidos aparecerán aquí para que los
          entregues.
        </p>
      </div>
    );
  }

  const listos = pedidos.filter((pedido) => pedido.listo).length;
  return conRuta(
    <>
      <p className="mb-4 text-muted-foreground text-sm" aria-live="polite">
        {pedidos.length === 1 ? '1 pedido pendiente' : `${pedidos.length} pedidos pendientes`}
        {listos < pedidos.length &&
          ` · ${listos} ${listos === 1 ? 'listo' : 'listos'} para entregar`}
      </p>
      <ol
        className="grid animate-rise-in grid-cols-[minmax(0,1fr)] gap-4"
        aria-label="Pedidos para entregar"
      >
        {pedidos.map((pedido, indice) => (
          <PedidoCard
            key={pedido.pedidoId}
            pedido={pedido}
            numero={indice + 1}
            ocupado={marcar.isPending && marcar.variables === pedido.pedidoId}
            onMarcar={() => setAConfirmar(pedido.pedidoId)}
          />
        ))}
      </ol>
      <ConfirmarEntregaDialog
        open={aConfirmar !== null}
        onOpenChange={(open) => {
          if (!open) setAConfirmar(null);
        }}
        numero={aConfirmar ? numeroDePedido(aConfirmar) : ''}
        entregando={marcar.isPending}
        onConfirmar={() => {
          if (!aConfirmar) return;
          marcar.mutate(aConfirmar, { onSettled: () => setAConfirmar(null) });
        }}
      />
    </>,
  );
}

function PedidoCard({
  pedido,
  numero,
  ocupado,
  onMarcar,
}: {
  pedido: PedidoAgrupado;
  numero: number;
  ocupado: boolean;
  onMarcar: () => void;
}) {
  const [primera] = pedido.lineas;
  if (!primera) return null;
  const titulo = `pedido-${pedido.pedidoId}`;
  const nota = `${titulo}-nota`;
  const numeroDelPedido = numeroDePedido(pedido.pedidoId);
  return (
    <li
      aria-labelledby={titulo}
      data-slot="pedido-para-entregar"
      className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titulo} className="flex items-center gap-2.5 font-semibold text-base sm:text-lg">
          <span
            aria-hidden
            className="grid size-8 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-foreground text-sm tabular-nums"
          >
            {numero}
          </span>
          <span className="whitespace-nowrap">Pedido {numeroDelPedido}</span>
        </h2>
        {pedido.listo ? (
          <Badge>Listo para entregar</Badge>
        ) : (
          <Badge variant="highlight">
            <HourglassIcon aria-hidden />
            Esperando grupos
          </Badge>
        )}
      </div>

      <ul
        className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-3"
        aria-label={`Productos del pedido ${numeroDelPedido}`}
      >
        {pedido.lineas.map((linea) => {
          const nombre = linea.productoNombre ?? TEXTOS_ENTREGA.productoNoEncontrado;
          return (
            <li key={linea.productoId} className="flex items-center gap-3">
              <ProductoImagen
                src={linea.productoImagen}
                alt={nombre}
                className="size-16 rounded-xl border border-border/70 sm:size-18"
              />
              <div className="min-w-0">
                <p
                  className={
                    linea.productoNombre
                      ? 'font-medium leading-snug wrap-anywhere'
                      : 'font-medium text-muted-foreground italic leading-snug wrap-anywhere'
                  }
                >
                  {nombre}
                </p>
                <p className="mt-0.5 text-muted-foreground text-sm tabular-nums">
                  Cantidad: {linea.cantidad}
                </p>
              </div>
            </li>
          );
        })}
      </ul>

      <DatosDeEntrega
        direccion={primera.direccion}
        telefono={primera.telefono}
        className="mt-4 grid-cols-[minmax(0,1fr)] gap-3 border-border/70 border-t pt-3 sm:grid-cols-2"
      />

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        {!pedido.listo ? (
          <p id={nota} className="flex items-start gap-1.5 text-muted-foreground text-sm">
            <HourglassIcon
              className="mt-0.5 size-4 shrink-0 text-highlight-foreground"
              aria-hidden
            />
            {TEXTOS_ENTREGA.noLista}
          </p>
        ) : (
          <span />
        )}
        <Button
          type="button"
          className="w-full shrink-0 sm:w-auto"
          disabled={!pedido.listo || ocupado}
          aria-describedby={pedido.listo ? undefined : nota}
          onClick={onMarcar}
        >
          <CheckCheckIcon aria-hidden />
          {TEXTOS_ENTREGA.marcarComoEntregado}
        </Button>
      </div>
    </li>
  );
}

function PedidosSkeleton() {
  return (
    <div role="status" aria-label="Cargando los pedidos para entregar" className="grid gap-4">
      {[0, 1].map((n) => (
        <div key={n} className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5">
          <Skeleton className="h-7 w-32" />
          <div className="mt-4 flex gap-3">
            <Skeleton className="size-16 shrink-0 rounded-xl sm:size-18" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-24" />
            </div>
          </div>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
          <Skeleton className="mt-4 ml-auto h-10 w-full sm:w-48" />
        </div>
      ))}
    </div>
  );
}
