import type { PeriodoQuery } from '@compra-grupal/contracts';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ErroresDelPeriodo } from '@/lib/periodo';
import { useBorradorDelPeriodo } from './use-borrador-del-periodo';

interface VistaDeLasFechas {
  /**
   * 'tarjeta': a card of its own, a group named 'Período personalizado' (Estadísticas);
   * 'en-linea': the two inputs side by side inside the period's panel (Dinero en curso).
   */
  variante: 'tarjeta' | 'en-linea';
  /** 'Desde' offers no day after 'Hasta' ('Hasta' never offers one before 'Desde'). */
  limitarDesde?: boolean;
}

/**
 * The two days of a 'Personalizado' period, both included, in Buenos Aires time: 'Desde' and
 * 'Hasta' with what is wrong with each.
 */
export function FechasDelPeriodo({
  borrador,
  errores,
  onCambiar,
  variante,
  limitarDesde = false,
}: VistaDeLasFechas & {
  borrador: PeriodoQuery;
  errores: ErroresDelPeriodo;
  onCambiar: (cambio: Partial<PeriodoQuery>) => void;
}) {
  const campos = (
    <>
      <FormField label="Desde" error={errores.desde}>
        <Input
          type="date"
          value={borrador.desde}
          max={limitarDesde ? borrador.hasta || undefined : undefined}
          onChange={(evento) => onCambiar({ desde: evento.target.value })}
        />
      </FormField>
      <FormField label="Hasta" error={errores.hasta}>
        <Input
          type="date"
          value={borrador.hasta}
          min={borrador.desde || undefined}
          onChange={(evento) => onCambiar({ hasta: evento.target.value })}
        />
      </FormField>
    </>
  );
  if (variante === 'en-linea')
    return <div className="grid grid-cols-2 gap-3 sm:max-w-md">{campos}</div>;
  return (
    <fieldset className="grid animate-rise-in gap-3 rounded-xl border border-border/70 bg-card p-4 shadow-xs sm:grid-cols-2 sm:gap-4">
      <legend className="sr-only">Período personalizado</legend>
      {campos}
    </fieldset>
  );
}

/**
 * 'Personalizado' holding its own draft while it is shown: it starts from `inicial` each time it
 * appears, says what is wrong as the person types, and applies each period the API would accept.
 */
export function PeriodoPersonalizado({
  inicial,
  onAplicar,
  ...vista
}: VistaDeLasFechas & {
  inicial: PeriodoQuery;
  onAplicar: (periodo: PeriodoQuery) => void;
}) {
  const { borrador, errores, cambiar } = useBorradorDelPeriodo(inicial, onAplicar);
  return <FechasDelPeriodo borrador={borrador} errores={errores} onCambiar={cambiar} {...vista} />;
}
