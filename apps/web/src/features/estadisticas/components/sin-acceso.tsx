import { ShieldAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export const SIN_ACCESO =
  'Solo quien es dueño de la tienda, o el equipo de Compra Grupal, puede ver sus estadísticas.';

/** The API refused (403): no retry would change it. */
export function SinAcceso({ mensaje, onVolver }: { mensaje?: string; onVolver: () => void }) {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-14 text-center shadow-xs">
      <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <ShieldAlertIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-semibold text-xl tracking-tight">
        No tienes acceso a estas estadísticas
      </h2>
      <p className="mt-2 max-w-md text-pretty text-muted-foreground">{mensaje ?? SIN_ACCESO}</p>
      <Button type="button" variant="outline" className="mt-6" onClick={onVolver}>
        Volver a Mi Tienda
      </Button>
    </div>
  );
}
