import type { PeriodoQuery } from '@compra-grupal/contracts';
import { useState } from 'react';
import { useBorradorDelPeriodo } from '@/components/periodo/use-borrador-del-periodo';
import { type OpcionDePeriodo, PERIODO_INICIAL, periodoPredefinido } from '@/lib/periodo';

/**
 * The period the totals are asked for. 'Personalizado' edits a draft of two days, kept while
 * another period is shown; the draft is asked for only once the contract accepts it, and until
 * then the last valid period stays. What is wrong is said once both days are there.
 */
export function usePeriodoElegido() {
  const [opcion, setOpcion] = useState<OpcionDePeriodo>(PERIODO_INICIAL);
  const [personalizado, setPersonalizado] = useState<PeriodoQuery>(() =>
    periodoPredefinido(PERIODO_INICIAL),
  );
  const { borrador, errores, cambiar } = useBorradorDelPeriodo(personalizado, setPersonalizado);
  const completo = borrador.desde !== '' && borrador.hasta !== '';

  const periodo = opcion === 'personalizado' ? personalizado : periodoPredefinido(opcion);
  return {
    opcion,
    setOpcion,
    borrador,
    cambiarBorrador: cambiar,
    errores: completo ? errores : {},
    periodo,
  };
}
