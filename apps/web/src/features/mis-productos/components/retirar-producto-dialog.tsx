import type { Producto } from '@compra-grupal/contracts';
import { Loader2Icon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';

/**
 * The confirmation before withdrawing a product, in the product's voice: it will no longer be
 * sold nor shown in the store. Cancel is the safe default the focus lands on.
 */
export function RetirarProductoDialog({
  open,
  producto,
  retirando,
  onConfirmar,
  onOpenChange,
}: {
  open: boolean;
  /** The product to withdraw; it stays while the dialog closes. */
  producto: Producto | null;
  retirando: boolean;
  onConfirmar: (producto: Producto) => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ResponsiveDialog
      open={open && producto !== null}
      onOpenChange={(open) => {
        if (!retirando) onOpenChange(open);
      }}
      title={producto ? `¿Retirar «${producto.nombre}» de la venta?` : 'Retirar producto'}
      description="El producto dejará de venderse y ya no aparecerá en tu tienda ni en el marketplace. Esta acción no se puede deshacer."
    >
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => onOpenChange(false)}
          disabled={retirando}
        >
          Cancelar
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={retirando || !producto}
          onClick={() => producto && onConfirmar(producto)}
        >
          {retirando ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <Trash2Icon aria-hidden />
          )}
          {retirando ? 'Retirando…' : 'Retirar producto'}
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
