import type { PedidoListoParaEntrega } from '@compra-grupal/contracts';
import {
  ListIcon,
  PackageCheckIcon,
  RotateCwIcon,
  RouteIcon,
  TruckIcon,
  XIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useErrorToast } from '@/hooks/use-error-toast';
import { cn } from '@/lib/utils';
import { usePedidosListos } from '../api/get-pedidos-listos';
import { useConfirmarConCodigo } from '../hooks/use-confirmar-con-codigo';
import { TEXTOS_ENTREGA } from '../lib/textos';
import { EntregaConCodigoCard } from './entrega-con-codigo-card';
import { RutasDelDia } from './rutas-del-dia';

const ERROR_CARGA = 'No se pudieron cargar los pedidos';

/** The screen's two views, kept in the address (?vista=lista): the day's route, or the list. */
const VISTA = 'vista';
type Vista = 'ruta' | 'lista';

/**
 * The delivery management screen (/delivery-orders; spec part 2, section 2): every order part
 * ready for delivery, and the shopper's code to confirm each one; the order shows as its id's
 * last 6 characters. It closes to /. The day opens as a route per store (issue 36): a map and
 * the stops in visiting order, each confirmed with its code; 'Lista' keeps the plain list.
 */
export function GestionEntregas({ PlanoSinConexion }: { PlanoSinConexion?: ComponentType }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const vista: Vista = searchParams.get(VISTA) === 'lista' ? 'lista' : 'ruta';
  const cambiarVista = (nueva: string) =>
    setSearchParams(nueva === 'lista' ? { [VISTA]: 'lista' } : {}, { replace: true });

  return (
    <Tabs
      value={vista}
      onValueChange={cambiarVista}
      className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3.5">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
            <TruckIcon className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Pedidos</h1>
            <p className="mt-1 text-pretty text-muted-foreground">
              Pedidos listos para entregar. Pide el código al comprador para confirmar cada entrega.
            </p>
          </div>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-mr-2 shrink-0"
          aria-label="Cerrar"
          onClick={() => navigate('/')}
        >
          <XIcon aria-hidden />
        </Button>
      </header>

      <TabsList
        aria-label="Cómo ver las entregas"
        variant="outline"
        className="mt-6 grid w-full grid-cols-2 gap-0 sm:inline-flex sm:w-auto print:hidden"
      >
        <TabsTrigger value="ruta" className="h-10 sm:px-5">
          <RouteIcon aria-hidden />
          Ruta del día
        </TabsTrigger>
        <TabsTrigger value="lista" className="h-10 sm:px-5">
          <ListIcon aria-hidden />
          Lista
        </TabsTrigger>
      </TabsList>

      <TabsContent value="ruta" className="mt-6">
        <RutasDelDia PlanoSinConexion={PlanoSinConexion} />
      </TabsContent>
      <TabsContent value="lista" className="mt-6">
        <ListaDeEntregas />
      </TabsContent>
    </Tabs>
  );
}

/** Every part ready for delivery as a plain list, each card with its code entry. */
function ListaDeEntregas() {
  const { data: pedidos, isError, errorUpdatedAt, refetch, isFetching } = usePedidosListos();
  const { confirmar: confirmarParte, ocupado: parteOcupada } = useConfirmarConCodigo();
  useErrorToast(isError ? errorUpdatedAt : 0, 'Error', ERROR_CARGA);

  const confirmar = (pedido: PedidoListoParaEntrega, codigo: string) =>
    confirmarParte(
      {
        pedidoId: pedido._id,
        tiendaId: pedido.tiendaId,
        // Without the order's number: the card that leaves is the only place it shows.
        descripcion: `Entregaste el pedido de ${pedido.tiendaNombre}.`,
      },
      codigo,
    );
  const ocupado = (pedido: PedidoListoParaEntrega) => parteOcupada(pedido._id, pedido.tiendaId);

  return (
    <section aria-label="Pedidos listos para entregar" aria-busy={isFetching}>
      {pedidos ? (
        pedidos.length === 0 ? (
          <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
              <PackageCheckIcon className="size-7" aria-hidden />
            </span>
            <h2 className="mt-5 font-semibold text-xl tracking-tight">
              {TEXTOS_ENTREGA.sinPedidos}
            </h2>
            <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
              Cuando un pedido esté listo para entregar, va a aparecer aquí.
            </p>
            <Button
              type="button"
              variant="outline"
              className="mt-6"
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              <RotateCwIcon className={cn(isFetching && 'animate-spin')} aria-hidden />
              Actualizar
            </Button>
          </div>
        ) : (
          <>
            <p className="mb-4 text-muted-foreground text-sm" aria-live="polite">
              {pedidos.length === 1
                ? '1 pedido para entregar'
                : `${pedidos.length} pedidos para entregar`}
            </p>
            <ul className="grid animate-rise-in grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
              {pedidos.map((pedido) => (
                <li key={`${pedido._id}-${pedido.tiendaId}`}>
                  <EntregaConCodigoCard
                    pedido={pedido}
                    verificando={ocupado(pedido)}
                    onConfirmar={(codigo) => confirmar(pedido, codigo)}
                  />
                </li>
              ))}
            </ul>
          </>
        )
      ) : isError ? (
        <ErrorView
          title="Error al cargar los pedidos"
          headingLevel="h2"
          onRetry={() => void refetch()}
        >
          {ERROR_CARGA}. Revisa tu conexión e inténtalo de nuevo.
        </ErrorView>
      ) : (
        <div role="status" aria-label="Cargando los pedidos" className="grid gap-4 md:grid-cols-2">
          {[0, 1].map((n) => (
            <div
              key={n}
              className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
            >
              <Skeleton className="h-6 w-36" />
              <Skeleton className="mt-2 h-4 w-28" />
              <Skeleton className="mt-3 h-16" />
              <Skeleton className="mt-3 h-9" />
              <Skeleton className="mt-4 h-10" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
