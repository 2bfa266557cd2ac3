import type { Prediccion } from '@compra-grupal/contracts';
import { Progress } from '@/components/ui/progress';
import { prediccionVigente } from '../lib/estado-grupo';
import { PrediccionDelGrupo } from './prediccion-del-grupo';

/**
 * The product's open group on its page (decision 052): its places taken, as the group page
 * counts them ('3 de 10 lugares ocupados', with a bar), and when it would fill at its pace.
 * Drawn on the server too, from the product's own answer.
 */
export function GrupoAbiertoDelProducto({
  grupo,
}: {
  grupo: { lugaresNecesarios: number; lugaresOcupados: number; prediccion: Prediccion | null };
}) {
  const { lugaresOcupados, lugaresNecesarios } = grupo;
  const texto = `${lugaresOcupados} de ${lugaresNecesarios} lugares ocupados`;
  return (
    <div data-slot="grupo-abierto-del-producto">
      <p className="font-medium tabular-nums">{texto}</p>
      <Progress
        value={Math.min(lugaresOcupados, lugaresNecesarios)}
        max={lugaresNecesarios}
        aria-label="Lugares ocupados del grupo abierto"
        aria-valuetext={texto}
        className="mt-1.5 h-1.5"
      />
      <PrediccionDelGrupo
        prediccion={prediccionVigente({ ...grupo, estado: 'abierto' })}
        className="mt-2"
      />
    </div>
  );
}
