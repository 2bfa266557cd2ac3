import { type Prediccion, textoDePrediccion } from '@compra-grupal/contracts';
import { HourglassIcon, TrendingUpIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useAhora } from '../hooks/use-ahora';

/**
 * When an open group would fill at its pace (decision 052), in the words the contracts give
 * ('Se completaría en unos 2 días', 'A este ritmo no se completa antes del cierre'): a quiet
 * line with an icon, amber when it does not fill before its deadline. Nothing when there is
 * nothing to say (no forecast, `sin_datos`); the caller passes null for a group that is not
 * open or has no place left. Renewed each minute, from the render's instant on the server.
 */
export function PrediccionDelGrupo({
  prediccion,
  className,
}: {
  prediccion: Prediccion | null;
  className?: string;
}) {
  const ahora = useAhora(prediccion?.motivo === 'ritmo');
  const texto = prediccion ? textoDePrediccion(prediccion, ahora) : null;
  if (!prediccion || !texto) return null;
  const noLlega = prediccion.motivo === 'no_llega';
  const Icono = noLlega ? HourglassIcon : TrendingUpIcon;
  return (
    <p
      data-slot="prediccion-del-grupo"
      data-motivo={prediccion.motivo}
      className={cn(
        'flex items-start gap-1.5 text-pretty text-sm',
        noLlega ? 'font-medium text-highlight-foreground' : 'text-muted-foreground',
        className,
      )}
    >
      <Icono className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{texto}</span>
    </p>
  );
}
