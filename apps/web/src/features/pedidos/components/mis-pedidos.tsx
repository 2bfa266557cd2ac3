import { useState } from 'react';
import { ErrorView } from '@/components/error-view';
import { useErrorToast } from '@/hooks/use-error-toast';
import { usePedidosConGrupos } from '../api/get-pedidos-con-grupos';
import { usePedidosEnVivo } from '../hooks/use-pedidos-en-vivo';
import { PESTANIAS, type Pestania, pedidosPorPestania } from '../lib/clasificar-pedido';
import { TEXTOS_PEDIDOS } from '../lib/textos';
import { PedidoCard } from './pedido-card';
import { PedidosSkeleton } from './pedidos-skeleton';
import { PedidosTabs } from './pedidos-tabs';
import { SinPedidos } from './sin-pedidos';

/**
 * Mis Pedidos (/my-orders, spec part 2, sections 2 and 4): the shopper's approved orders in
 * the spec's three tabs, En curso, Completados and Entregados, plus Cancelados for those nothing
 * of which goes on (issue 32), as expandable cards, live with their groups'
 * rooms. Until the shopper picks a tab, the first one with orders shows.
 */
export function MisPedidos({ usuarioId }: { usuarioId: string }) {
  const { data, isPending, isError, errorUpdatedAt, refetch } = usePedidosConGrupos(usuarioId);
  usePedidosEnVivo(usuarioId, data);
  useErrorToast(
    isError ? errorUpdatedAt : 0,
    TEXTOS_PEDIDOS.errorPedidos,
    'Revisa tu conexión e inténtalo de nuevo',
  );
  const [elegida, setElegida] = useState<Pestania | null>(null);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8">
      <header className="mb-6">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{TEXTOS_PEDIDOS.titulo}</h1>
        <p className="mt-1 text-muted-foreground">
          Sigue tus grupos de compra, tus códigos de entrega y lo que ya recibiste.
        </p>
      </header>
      {isPending ? (
        <PedidosSkeleton />
      ) : isError && !data ? (
        <ErrorView
          title="Error al cargar los pedidos"
          headingLevel="h2"
          onRetry={() => void refetch()}
        >
          {TEXTOS_PEDIDOS.errorPedidos}. Revisa tu conexión e inténtalo de nuevo.
        </ErrorView>
      ) : (
        <ListaDePedidos pedidos={data ?? []} elegida={elegida} onElegir={setElegida} />
      )}
    </div>
  );
}

function ListaDePedidos({
  pedidos,
  elegida,
  onElegir,
}: {
  pedidos: NonNullable<ReturnType<typeof usePedidosConGrupos>['data']>;
  elegida: Pestania | null;
  onElegir: (pestania: Pestania) => void;
}) {
  const porPestania = pedidosPorPestania(pedidos);
  const activa =
    elegida ?? PESTANIAS.find(({ id }) => porPestania[id].length > 0)?.id ?? 'en-curso';
  const lista = porPestania[activa];
  const cantidades = {
    'en-curso': porPestania['en-curso'].length,
    completados: porPestania.completados.length,
    entregados: porPestania.entregados.length,
    cancelados: porPestania.cancelados.length,
  };
  const etiqueta = PESTANIAS.find(({ id }) => id === activa)?.etiqueta ?? '';
  return (
    <PedidosTabs activa={activa} onCambiar={onElegir} cantidades={cantidades}>
      {lista.length === 0 ? (
        <SinPedidos pestania={activa} />
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label={`Pedidos ${etiqueta.toLowerCase()}`}>
          {lista.map((pedido) => (
            <li key={pedido._id}>
              <PedidoCard pedido={pedido} />
            </li>
          ))}
        </ul>
      )}
    </PedidosTabs>
  );
}
