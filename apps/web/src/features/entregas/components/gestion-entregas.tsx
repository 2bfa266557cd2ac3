import type { PedidoListoParaEntrega } from '@compra-grupal/contracts';
import { PackageCheckIcon, RotateCwIcon, TruckIcon, XIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useErrorToast } from '@/hooks/use-error-toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCompararCodigo } from '../api/comparar-codigo';
import { usePedidosListos } from '../api/get-pedidos-listos';
import { TEXTOS_ENTREGA } from '../lib/textos';
import { EntregaConCodigoCard } from './entrega-con-codigo-card';

const ERROR_CARGA = 'No se pudieron cargar los pedidos';

/** What a failed code check says: too many tries and a delivered order in the server's words. */
function mensajeDeFallo(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 409)) {
    return error.serverMessage ?? TEXTOS_ENTREGA.codigoIncorrecto;
  }
  return TEXTOS_ENTREGA.codigoIncorrecto;
}

/**
 * The delivery management screen (/delivery-orders; spec part 2, section 2): every order part
 * ready for delivery, and the shopper's code to confirm each one. It closes to /.
 */
export function GestionEntregas() {
  const navigate = useNavigate();
  const { data: pedidos, isError, errorUpdatedAt, refetch, isFetching } = usePedidosListos();
  const comparar = useCompararCodigo();
  useErrorToast(isError ? errorUpdatedAt : 0, 'Error', ERROR_CARGA);

  const confirmar = (pedido: PedidoListoParaEntrega, codigo: string) =>
    comparar.mutate(
      { _id: pedido._id, codigo, tiendaId: pedido.tiendaId },
      {
        onSuccess: () =>
          toast({
            title: TEXTOS_ENTREGA.entregaConfirmada,
            // Without the order's number: the card that leaves is the only place it shows.
            description: `Entregaste el pedido de ${pedido.tiendaNombre}.`,
          }),
        onError: (error) => {
          if (endedTheSession(error)) return;
          toast({ title: 'Error', description: mensajeDeFallo(error), variant: 'destructive' });
        },
      },
    );

  const ocupado = (pedido: PedidoListoParaEntrega) =>
    comparar.isPending &&
    comparar.variables._id === pedido._id &&
    comparar.variables.tiendaId === pedido.tiendaId;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
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

      <section aria-label="Pedidos listos para entregar" aria-busy={isFetching} className="mt-6">
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
          <div
            role="status"
            aria-label="Cargando los pedidos"
            className="grid gap-4 md:grid-cols-2"
          >
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
    </div>
  );
}
