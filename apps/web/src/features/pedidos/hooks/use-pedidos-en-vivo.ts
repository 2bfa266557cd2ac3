import {
  GRUPO_MENSAJES,
  type PedidoConGrupos,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { subscribeRealtime } from '@/lib/socket';
import { pedidosKeys } from '../api/pedidos-keys';

type GrupoActualizado = Parameters<ServerToClientEvents['grupoActualizado']>[0];

/** Groups that can still change: open ones fill or are cancelled, closed ones get delivered. */
const grupoVivo = (estado: string) => estado === 'abierto' || estado === 'cerrado';

/** The ids of the groups to listen to, sorted and joined (a stable dependency). */
export function gruposAEscuchar(pedidos: readonly PedidoConGrupos[] | undefined): string[] {
  const ids = new Set<string>();
  for (const pedido of pedidos ?? []) {
    if (pedido.entregado) continue;
    for (const grupo of pedido.grupoIds) if (grupoVivo(grupo.estado)) ids.add(grupo._id);
  }
  return [...ids].sort();
}

/**
 * Keeps Mis Pedidos live (spec part 2, section 4, Realtime): the screen holds the room of every
 * group of the orders that can still change (finished and cancelled groups do not; lib/socket
 * keeps within the server's cap of rooms). `grupoActualizado` moves the places and the state
 * at once; when a group becomes `cerrado` it says 'Grupo completado' and reads the orders again,
 * so the order moves from En curso to Completados with its delivery code. A seller closing a
 * group early (`grupoCerradoPorVendedor`) does the same with 'Grupo cerrado'. After a
 * reconnection (events sent meanwhile are lost; lib/socket joins the rooms again) the orders
 * are read again.
 */
export function usePedidosEnVivo(
  usuarioId: string,
  pedidos: readonly PedidoConGrupos[] | undefined,
) {
  const queryClient = useQueryClient();
  const key = pedidosKeys.conGrupos(usuarioId);
  const releer = () => void queryClient.invalidateQueries({ queryKey: key });

  /** Applies a change to the group in every order that holds it; returns its previous state. */
  const actualizarGrupo = (
    grupoId: string,
    cambio: Partial<
      Pick<PedidoConGrupos['grupoIds'][number], 'estado' | 'lugaresOcupados' | 'lugaresNecesarios'>
    >,
  ): string | undefined => {
    let anterior: string | undefined;
    queryClient.setQueryData<PedidoConGrupos[]>(key, (actuales) =>
      actuales?.map((pedido) =>
        pedido.grupoIds.some((grupo) => grupo._id === grupoId)
          ? {
              ...pedido,
              grupoIds: pedido.grupoIds.map((grupo) => {
                if (grupo._id !== grupoId) return grupo;
                anterior ??= grupo.estado;
                return { ...grupo, ...cambio };
              }),
            }
          : pedido,
      ),
    );
    return anterior;
  };

  const alActualizarse = (evento: GrupoActualizado) => {
    const anterior = actualizarGrupo(evento.grupoId, {
      estado: evento.estado,
      lugaresOcupados: evento.lugaresOcupados,
      lugaresNecesarios: evento.lugaresNecesarios,
    });
    if (anterior === undefined || anterior === evento.estado) return;
    if (evento.estado === 'cerrado') {
      toast({
        title: GRUPO_MENSAJES.completado,
        description: `El grupo de ${evento.productoNombre} se completó: pronto comienza el envío.`,
      });
    } else if (evento.estado === 'cancelado') {
      toast({
        title: 'Grupo cancelado',
        description: `El grupo de ${evento.productoNombre} se canceló: te devolvemos lo que pagaste.`,
        variant: 'destructive',
      });
    }
    // The state moved: the server has the rest (the code, the refund, the delivery).
    releer();
  };

  const alCerrarlo = (grupoId: string) => {
    const anterior = actualizarGrupo(grupoId, { estado: 'cerrado' });
    if (anterior === undefined || anterior === 'cerrado') return;
    toast({
      title: GRUPO_MENSAJES.cerrado,
      description: 'El vendedor cerró el grupo: pronto comienza el envío.',
    });
    releer();
  };

  const latest = useRef({ alActualizarse, alCerrarlo });
  useEffect(() => {
    latest.current = { alActualizarse, alCerrarlo };
  });

  const ids = gruposAEscuchar(pedidos).join(',');
  useEffect(() => {
    if (!ids) return;
    const salidas = ids.split(',').flatMap((grupoId) => {
      const sala = { kind: 'grupo' as const, id: grupoId };
      return [
        subscribeRealtime(sala, 'grupoActualizado', (evento) => {
          if (evento.grupoId === grupoId) latest.current.alActualizarse(evento);
        }),
        subscribeRealtime(sala, 'grupoCerradoPorVendedor', (evento) => {
          if (evento.grupoId === grupoId) latest.current.alCerrarlo(grupoId);
        }),
      ];
    });
    return () => {
      for (const salir of salidas) salir();
    };
  }, [ids]);

  useRealtimeReconnect(releer);
}
