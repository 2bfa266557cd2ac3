import type { EstadoPagosResponse } from '@compra-grupal/contracts';
import { ShoppingBagIcon, TimerOffIcon, WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';

/**
 * An order the API calls `vencido` (its reservation ran out before every seller was paid):
 * nothing of it ships, nothing more can be paid, and what was paid of it was given back
 * (`reembolsado`, as the API reports it). `acciones` hides the way back to Mis Pagos where the
 * page already is one step from it.
 */
export function PedidoVencido({
  estado,
  acciones = true,
  className,
}: {
  estado: Pick<EstadoPagosResponse, 'reembolsado' | 'reembolsoTotal'>;
  acciones?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-label="Pedido vencido"
      data-testid="pedido-vencido"
      className={cn(
        'rounded-2xl border border-slate-600/25 bg-slate-50 p-4 text-slate-900 sm:p-5',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <TimerOffIcon className="size-5 shrink-0" aria-hidden />
        Pedido vencido
      </p>
      <p className="mt-1 text-pretty text-sm">
        La reserva venció antes de que se completaran los pagos: este pedido no se entrega y sus
        productos volvieron a estar a la venta.
      </p>
      <p
        className="mt-3 rounded-lg bg-white/70 px-3 py-2 font-medium text-sm tabular-nums"
        data-testid="reembolso-vencido"
      >
        {estado.reembolsado > 0
          ? `Te devolvemos ${formatPrecio(estado.reembolsado)}: ${
              estado.reembolsoTotal ? 'todo lo que pagaste' : 'lo que pagaste'
            }, por el mismo medio de pago.`
          : 'No se te cobró nada.'}
      </p>
      {acciones && (
        <div className="mt-3 grid gap-2">
          <Button asChild size="sm">
            <Link to="/">
              <ShoppingBagIcon aria-hidden />
              Explorar productos
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline" className="bg-card">
            <Link to="/my-payments">
              <WalletIcon aria-hidden />
              Ver mis pagos
            </Link>
          </Button>
        </div>
      )}
    </section>
  );
}
