import type { PeriodoQuery } from '@compra-grupal/contracts';
import { useState } from 'react';
import { erroresDelPeriodo } from '@/lib/periodo';

/**
 * The two days being typed in 'Personalizado', from `inicial`: what is wrong with them, by field,
 * and `onAplicar` with each change the API would accept (until then the last good period stays).
 */
export function useBorradorDelPeriodo(
  inicial: PeriodoQuery,
  onAplicar: (periodo: PeriodoQuery) => void,
) {
  const [borrador, setBorrador] = useState(inicial);
  const errores = erroresDelPeriodo(borrador);

  const cambiar = (cambio: Partial<PeriodoQuery>) => {
    const siguiente = { ...borrador, ...cambio };
    setBorrador(siguiente);
    const { desde, hasta } = erroresDelPeriodo(siguiente);
    if (!desde && !hasta) onAplicar(siguiente);
  };

  return { borrador, errores, cambiar };
}
