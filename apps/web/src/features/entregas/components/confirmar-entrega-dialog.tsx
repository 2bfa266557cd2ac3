import { CheckCheckIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { TEXTOS_ENTREGA } from '../lib/textos';

/**
 * 'Confirmar entrega' (spec part 2, section 2): marking an order delivered cannot be undone.
 * A modal from 768 px, a bottom drawer below. It stays open until the server answers.
 */
export function ConfirmarEntregaDialog({
  open,
  onOpenChange,
  numero,
  entregando,
  onConfirmar,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order's number ('#67BD0D'), to say which order is being delivered. */
  numero: string;
  entregando: boolean;
  onConfirmar: () => void;
}) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(abierto) => {
        if (!entregando) onOpenChange(abierto);
      }}
      title={TEXTOS_ENTREGA.confirmarEntrega}
      description={`Vas a marcar el pedido ${numero} como entregado. ${TEXTOS_ENTREGA.noSePuedeDeshacer}.`}
      className="sm:max-w-md"
    >
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          disabled={entregando}
          onClick={() => onOpenChange(false)}
        >
          Cancelar
        </Button>
        <Button
          type="button"
          disabled={entregando}
          aria-busy={entregando || undefined}
          onClick={onConfirmar}
        >
          {entregando ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <CheckCheckIcon aria-hidden />
          )}
          {TEXTOS_ENTREGA.marcarComoEntregado}
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
