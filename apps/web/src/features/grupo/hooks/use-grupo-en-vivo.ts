import { GRUPO_MENSAJES, type GrupoConProducto } from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { grupoKeys } from '../api/grupo-keys';
import { normalizarEstado } from '../lib/estado-grupo';

/**
 * Keeps the group page live (spec part 2, sections 4 and 7): while it is on screen it holds the
 * group's room (and its product's, for the stock); `grupoActualizado` moves the places and the
 * state ('Grupo completado' when it closes; an open group is read again for its forecast),
 * `grupoCerradoPorVendedor` closes it and `stockActualizado` updates the stock. The rooms are
 * joined again after a reconnection (lib/socket) and left when the page goes away.
 */
export function useGrupoEnVivo(grupoId: string, productoId: string | undefined) {
  const queryClient = useQueryClient();
  const key = grupoKeys.conProducto(grupoId);
  const abierto = productoId !== undefined;

  const actualizar = (cambio: (actual: GrupoConProducto) => GrupoConProducto) => {
    const actual = queryClient.getQueryData<GrupoConProducto>(key);
    if (actual) queryClient.setQueryData<GrupoConProducto>(key, cambio(actual));
    return actual;
  };

  const sala = abierto ? { kind: 'grupo' as const, id: grupoId } : null;
  // Events sent while the connection was down are lost: read the group again.
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: key });
  });

  useRealtimeEvent(sala, 'grupoActualizado', (evento) => {
    if (evento.grupoId !== grupoId) return;
    const antes = actualizar((actual) => ({
      ...actual,
      grupo: {
        ...actual.grupo,
        status: evento.estado,
        lugaresOcupados: evento.lugaresOcupados,
        lugaresNecesarios: evento.lugaresNecesarios,
      },
    }));
    // Its forecast (decision 052) follows the places: an open group is read again for it.
    if (antes && normalizarEstado(evento.estado) === 'abierto') {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    if (
      antes &&
      evento.estado === 'cerrado' &&
      normalizarEstado(antes.grupo.status) !== 'cerrado'
    ) {
      toast({
        title: GRUPO_MENSAJES.completado,
        description: `El grupo de ${evento.productoNombre} se completó: pronto comienza el envío.`,
      });
    }
  });

  useRealtimeEvent(sala, 'grupoCerradoPorVendedor', (evento) => {
    if (evento.grupoId !== grupoId) return;
    const antes = actualizar((actual) => ({
      ...actual,
      grupo: { ...actual.grupo, status: 'cerrado' },
    }));
    if (antes && normalizarEstado(antes.grupo.status) !== 'cerrado') {
      toast({
        title: GRUPO_MENSAJES.cerrado,
        description: 'El vendedor cerró este grupo: ya no admite nuevos participantes.',
      });
    }
  });

  useRealtimeEvent(
    productoId ? { kind: 'producto', id: productoId } : null,
    'stockActualizado',
    (evento) => {
      if (evento.productoId !== productoId) return;
      actualizar((actual) => ({
        ...actual,
        producto: { ...actual.producto, stock: evento.nuevoStock },
      }));
    },
  );
}
