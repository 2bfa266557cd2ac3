import { type PeriodoQuery, periodoQuerySchema } from '@compra-grupal/contracts';
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  esOpcionDePeriodo,
  type OpcionDePeriodo,
  PERIODO_INICIAL,
  periodoPredefinido,
} from '@/lib/periodo';

/** Query parameters of the period: ?periodo=mes-pasado, or ?periodo=personalizado&desde&hasta. */
const PERIODO = 'periodo';
const DESDE = 'desde';
const HASTA = 'hasta';

/**
 * The period on screen, kept in the address beside Mi Tienda's section, so a link or a reload
 * shows the same figures. A missing or broken period is 'Este mes'.
 */
export function usePeriodoElegido() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const pedida = params.get(PERIODO);
  const opcion: OpcionDePeriodo = esOpcionDePeriodo(pedida) ? pedida : PERIODO_INICIAL;
  const personalizado =
    opcion === 'personalizado'
      ? periodoQuerySchema.safeParse({ desde: params.get(DESDE), hasta: params.get(HASTA) })
      : undefined;
  const periodo: PeriodoQuery = personalizado?.success
    ? personalizado.data
    : periodoPredefinido(opcion === 'personalizado' ? PERIODO_INICIAL : opcion, new Date());

  const cambiar = useCallback(
    (siguiente: OpcionDePeriodo, dias?: PeriodoQuery) => {
      setParams(
        (actuales) => {
          const nuevos = new URLSearchParams(actuales);
          nuevos.set(PERIODO, siguiente);
          nuevos.delete(DESDE);
          nuevos.delete(HASTA);
          if (dias) {
            nuevos.set(DESDE, dias.desde);
            nuevos.set(HASTA, dias.hasta);
          }
          return nuevos;
        },
        // The period replaces the entry (back still closes the section) and keeps its state.
        { replace: true, state: location.state, preventScrollReset: true },
      );
    },
    [setParams, location.state],
  );

  /** Another option; 'Personalizado' starts from the days on screen. */
  const elegir = useCallback(
    (siguiente: OpcionDePeriodo) =>
      cambiar(siguiente, siguiente === 'personalizado' ? periodo : undefined),
    [cambiar, periodo],
  );
  /** Two days 'Personalizado' accepted. */
  const aplicar = useCallback((dias: PeriodoQuery) => cambiar('personalizado', dias), [cambiar]);

  return { opcion, periodo, elegir, aplicar };
}
