import { CONSTANTES } from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useEsVendedor } from '@/lib/session/es-vendedor';
import { usuarioKeys } from '@/lib/session/usuario-keys';
import { esRespuestaDeError, useTiendaHabilitada } from '../api/get-tienda-habilitada';
import { miTiendaKeys } from '../api/mi-tienda-keys';
import { useVinculacion } from '../api/verificar-vinculacion';

/** What Mi Tienda shows: exactly one of these (spec part 2, section 2). */
export type EstadoVendedor =
  | 'cargando'
  | 'no-vendedor'
  | 'sin-vincular'
  | 'en-verificacion'
  | 'activa';

export const VENDEDOR_NO_VERIFICADO = 'No se pudo verificar el estado de vendedor';

/**
 * The seller onboarding state (spec part 2, section 4). First the seller role; for a seller,
 * the store's enablement and the Mercado Pago link, in parallel. Then:
 * - the role check fails: 'No se pudo verificar el estado de vendedor', treated as not seller;
 * - the enabled check answers with an error (404: no store yet): not a seller;
 *   it fails by exception (no answer): treated as enabled;
 * - the link check fails: the link status stays unknown and does not hold the seller back;
 * - not linked: the link screen; linked (or unknown) but not enabled: the review wait;
 *   otherwise the panel.
 * `revisar()` asks all three again 0.5 s later (after the creation wizard closes); `actualizar()`
 * at once (the store was enabled live).
 */
export function useEstadoVendedor(usuarioId: string) {
  const queryClient = useQueryClient();
  const vendedor = useEsVendedor(usuarioId);
  const esVendedor = !vendedor.isError && vendedor.data?.esVendedor === true;
  const habilitada = useTiendaHabilitada(usuarioId, { enabled: esVendedor });
  const vinculacion = useVinculacion(usuarioId, { enabled: esVendedor });

  useErrorToast(vendedor.isError ? vendedor.errorUpdatedAt : 0, 'Error', VENDEDOR_NO_VERIFICADO);

  let estado: EstadoVendedor;
  if (vendedor.isPending) estado = 'cargando';
  else if (!esVendedor) estado = 'no-vendedor';
  else if (habilitada.isPending || vinculacion.isPending) estado = 'cargando';
  else if (habilitada.isError && esRespuestaDeError(habilitada.error)) estado = 'no-vendedor';
  else {
    const enabled = habilitada.isError ? true : habilitada.data.habilitada;
    const vinculado = vinculacion.isError ? null : vinculacion.data.vinculado;
    if (vinculado === false) estado = 'sin-vincular';
    else if (!enabled) estado = 'en-verificacion';
    else estado = 'activa';
  }

  const actualizar = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: usuarioKeys.esVendedor(usuarioId) });
    void queryClient.invalidateQueries({ queryKey: miTiendaKeys.habilitada(usuarioId) });
    void queryClient.invalidateQueries({ queryKey: miTiendaKeys.vinculacion(usuarioId) });
  }, [queryClient, usuarioId]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const revisar = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(actualizar, CONSTANTES.demoraRevisionVendedorMs);
  }, [actualizar]);

  /** Some check is running (the first time or again). */
  const comprobando = vendedor.isFetching || habilitada.isFetching || vinculacion.isFetching;

  return { estado, comprobando, actualizar, revisar };
}
