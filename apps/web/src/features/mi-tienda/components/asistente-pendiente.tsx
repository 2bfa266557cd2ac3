import { ConstructionIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import type { AsistenteTiendaProps } from './mi-tienda';

/**
 * SLOT: stands in for the creation wizard 'Configurar Tienda' (crear-tienda/, built apart)
 * until the route passes it to Mi Tienda through `renderAsistente`.
 */
export function AsistentePendiente({ open, onOpenChange }: AsistenteTiendaProps) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Configurar Tienda"
      description="El asistente para crear tu tienda estará disponible muy pronto."
    >
      <div
        className="flex flex-col items-center gap-4 py-4 text-center"
        data-slot="asistente-pendiente"
      >
        <span className="grid size-12 place-items-center rounded-2xl bg-highlight-soft text-highlight-foreground">
          <ConstructionIcon className="size-6" aria-hidden />
        </span>
        <p className="max-w-xs text-pretty text-muted-foreground text-sm">
          Estamos terminando de prepararlo. Vuelve en un rato para crear tu tienda.
        </p>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Entendido
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
