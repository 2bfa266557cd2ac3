import type { ParadaDeRuta, RutaDelDia as Ruta } from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheckIcon, Loader2Icon, LocateFixedIcon, PrinterIcon, StoreIcon } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { entregasKeys, type PosicionDeSalida } from '../api/entregas-keys';
import { useRutas } from '../api/get-rutas';
import { useMarcarEntregado } from '../api/marcar-entregado';
import { useConfirmarConCodigo } from '../hooks/use-confirmar-con-codigo';
import { useImpresion } from '../hooks/use-impresion';
import { useRutasEnVivo } from '../hooks/use-rutas-en-vivo';
import { motivoSinUbicacion, posicionActual } from '../lib/posicion';
import { TEXTOS_ENTREGA, TEXTOS_RUTA } from '../lib/textos';
import { CodigoDeEntregaForm } from './codigo-de-entrega-form';
import { ConfirmarEntregaDialog } from './confirmar-entrega-dialog';
import { RutaDelDia } from './ruta-del-dia';
import { RutaDelDiaError, RutaDelDiaSkeleton, RutaDelDiaVacia } from './ruta-del-dia-estados';
import { HojaDeRuta } from './ruta-del-dia-hoja';

interface RutasDelDiaProps {
  /**
   * A seller's store: its route only, with 'Marcar como entregado' and the printed sheet.
   * Without it, the courier's (or admin's) day: one route per store, confirmed by code.
   */
  tiendaId?: string | null;
  /** The offline plan drawn under the map without tiles (given by the composing route). */
  PlanoSinConexion?: ComponentType;
  /** False while the seller's store id is not known yet. */
  enabled?: boolean;
}

/** The courier's action on a pending stop: the shopper's code, checked for that store's part. */
function useAccionDelRepartidor() {
  const { confirmar, ocupado } = useConfirmarConCodigo();
  return (parada: ParadaDeRuta, ruta: Ruta) => (
    <CodigoDeEntregaForm
      verificando={ocupado(parada.pedidoId, parada.tiendaId)}
      onConfirmar={(codigo) =>
        confirmar(
          {
            pedidoId: parada.pedidoId,
            tiendaId: parada.tiendaId,
            descripcion: `Pedido ${parada.numero} de ${ruta.tiendaNombre}, entregado.`,
          },
          codigo,
        )
      }
    />
  );
}

/**
 * The day's routes (issue 36): loading, 'No hay entregas para hoy', 'No se pudo cargar la
 * ruta' with 'Reintentar', or one section per store. 'Replanificar desde mi ubicación' plans
 * the pending stops again from where the person stands; a seller can print the sheet.
 */
export function RutasDelDia({
  tiendaId = null,
  PlanoSinConexion,
  enabled = true,
}: RutasDelDiaProps) {
  const vendedor = tiendaId !== null;
  const [desde, setDesde] = useState<PosicionDeSalida | null>(null);
  const [ubicando, setUbicando] = useState(false);
  const rutas = useRutas({ tiendaId, desde, enabled });
  useRutasEnVivo();
  const accionDelRepartidor = useAccionDelRepartidor();
  const marcar = useMarcarEntregado(tiendaId ?? '');
  const [aMarcar, setAMarcar] = useState<ParadaDeRuta | null>(null);
  const queryClient = useQueryClient();
  // A failed re-plan goes back to the route from the store, which stays on screen meanwhile.
  const datos =
    rutas.data ??
    (desde !== null
      ? queryClient.getQueryData<Ruta[]>(entregasKeys.rutasDelDia(tiendaId, null))
      : undefined);
  const impresion = useImpresion(vendedor && (datos?.length ?? 0) > 0);

  // A re-plan the server could not answer: back to the route from the store, and say so.
  const replanFallido = rutas.isError && !rutas.data && desde !== null ? rutas.errorUpdatedAt : 0;
  useEffect(() => {
    if (replanFallido === 0) return;
    toast({
      title: TEXTOS_RUTA.noSePudoReplanificar,
      description: TEXTOS_ENTREGA.revisaConexion,
      variant: 'destructive',
    });
    setDesde(null);
  }, [replanFallido]);

  const replanificar = async () => {
    setUbicando(true);
    try {
      setDesde(await posicionActual());
    } catch (error) {
      toast({
        title: TEXTOS_RUTA.sinUbicacion,
        description: motivoSinUbicacion(error),
        variant: 'destructive',
      });
    } finally {
      setUbicando(false);
    }
  };
  const replanificando = ubicando || (rutas.isPlaceholderData && rutas.isFetching);

  if (!datos && (!enabled || !rutas.isError)) return <RutaDelDiaSkeleton />;
  if (!datos) {
    return (
      <RutaDelDiaError reintentando={rutas.isFetching} onReintentar={() => void rutas.refetch()} />
    );
  }
  const lista = datos;
  if (lista.length === 0) {
    return (
      <RutaDelDiaVacia compacta={vendedor}>
        {vendedor
          ? 'Cuando tus pedidos estén listos para entregar, verás aquí el recorrido del día.'
          : 'Cuando haya pedidos listos para entregar, verás aquí el recorrido de cada tienda.'}
      </RutaDelDiaVacia>
    );
  }

  const pendientes = lista.some((ruta) => ruta.paradas.some((parada) => !parada.entregada));
  const accion = (ruta: Ruta) => (parada: ParadaDeRuta) =>
    vendedor ? (
      <Button
        type="button"
        className="h-11 w-full sm:h-10"
        disabled={marcar.isPending && marcar.variables === parada.pedidoId}
        onClick={() => setAMarcar(parada)}
      >
        <CheckCheckIcon aria-hidden />
        {TEXTOS_ENTREGA.marcarComoEntregado}
      </Button>
    ) : (
      accionDelRepartidor(parada, ruta)
    );

  return (
    <div className="grid gap-8" aria-busy={rutas.isFetching}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center print:hidden">
        {pendientes && (
          <Button
            type="button"
            variant="outline"
            className="h-11 sm:h-10"
            disabled={replanificando}
            aria-busy={replanificando || undefined}
            onClick={() => void replanificar()}
          >
            {replanificando ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <LocateFixedIcon aria-hidden />
            )}
            {TEXTOS_RUTA.replanificar}
          </Button>
        )}
        {desde && !replanificando && (
          <Button
            type="button"
            variant="ghost"
            className="h-11 text-muted-foreground sm:h-10"
            onClick={() => setDesde(null)}
          >
            <StoreIcon aria-hidden />
            Planificar desde la tienda
          </Button>
        )}
        {vendedor && (
          <Button
            type="button"
            variant="outline"
            className="h-11 sm:ml-auto sm:h-10"
            onClick={impresion.imprimir}
          >
            <PrinterIcon aria-hidden />
            {TEXTOS_RUTA.imprimir}
          </Button>
        )}
      </div>

      {lista.map((ruta) => (
        <RutaDelDia
          key={ruta.tiendaId}
          ruta={ruta}
          titulo={vendedor ? 'Ruta de hoy' : ruta.tiendaNombre}
          accion={accion(ruta)}
          PlanoSinConexion={PlanoSinConexion}
        />
      ))}

      {vendedor &&
        impresion.lista &&
        lista.map((ruta) => <HojaDeRuta key={ruta.tiendaId} ruta={ruta} fecha={new Date()} />)}

      {vendedor && (
        <ConfirmarEntregaDialog
          open={aMarcar !== null}
          onOpenChange={(open) => {
            if (!open) setAMarcar(null);
          }}
          numero={aMarcar?.numero ?? ''}
          entregando={marcar.isPending}
          onConfirmar={() => {
            if (!aMarcar) return;
            marcar.mutate(aMarcar.pedidoId, { onSettled: () => setAMarcar(null) });
          }}
        />
      )}
    </div>
  );
}
