import { Loader2Icon, LockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { lugares } from '../lib/estado-grupo';

export interface ConfirmarCierreDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is being closed, for the message: the product's name. */
  nombre: string;
  lugaresOcupados: number;
  lugaresNecesarios: number;
  cerrando: boolean;
  onConfirmar: () => void;
}

/**
 * 'Confirmar cierre' (spec part 2, sections 2 and 4): closing a group early cannot be undone
 * and its participants are told. A modal from 768 px, a bottom drawer below.
 */
export function ConfirmarCierreDialog({
  open,
  onOpenChange,
  nombre,
  lugaresOcupados,
  lugaresNecesarios,
  cerrando,
  onConfirmar,
}: ConfirmarCierreDialogProps) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(abierto) => {
        if (!cerrando) onOpenChange(abierto);
      }}
      title="Confirmar cierre"
      description={`El grupo de ${nombre} se cerrará con ${lugaresOcupados} de ${lugares(lugaresNecesarios)} ocupados. Sus participantes serán notificados y no se podrá deshacer.`}
      className="sm:max-w-md"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          disabled={cerrando}
          onClick={() => onOpenChange(false)}
        >
          Cancelar
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={cerrando}
          aria-busy={cerrando || undefined}
          onClick={onConfirmar}
        >
          {cerrando ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <LockIcon aria-hidden />
          )}
          Cerrar Grupo
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
