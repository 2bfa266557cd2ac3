import { useCallback, useEffect, useState } from 'react';
import type { EstadoDelDispositivo } from '@/lib/push/dispositivo';

const cargarCliente = () => import('@/lib/push/dispositivo');

/**
 * This browser's notices (Web Push, docs/decisions/055) while the preferences are `abiertas`:
 * its state, read when they open (and the subscription it has told to the server again), and
 * `activar`, which asks the permission and subscribes (call it from the person's click). The
 * push client is loaded here, not with the bell.
 */
export function useEsteDispositivo(abiertas: boolean) {
  const [estado, setEstado] = useState<EstadoDelDispositivo | 'cargando'>('cargando');

  useEffect(() => {
    if (!abiertas) return;
    let vigente = true;
    cargarCliente()
      .then(async (cliente) => {
        const leido = await cliente.estadoDelDispositivo();
        if (leido === 'suscripto') void cliente.sincronizarEsteDispositivo().catch(() => undefined);
        if (vigente) setEstado(leido);
      })
      .catch(() => {
        if (vigente) setEstado('no-disponible');
      });
    return () => {
      vigente = false;
    };
  }, [abiertas]);

  const activar = useCallback(async () => {
    const cliente = await cargarCliente();
    try {
      await cliente.activarEsteDispositivo();
      setEstado('suscripto');
    } catch (error) {
      if (error instanceof cliente.PermisoNoConcedido && error.bloqueado) setEstado('bloqueado');
      throw error;
    }
  }, []);

  return { estado, activar };
}
