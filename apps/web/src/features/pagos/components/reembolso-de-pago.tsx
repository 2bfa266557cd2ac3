import type { PagoPorVendedor } from '@compra-grupal/contracts';
import { RotateCcwIcon } from 'lucide-react';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';

/**
 * What was given back of one seller's payment, as the API reports it: 'Reembolsado $ X' when
 * the part was refunded whole (`reembolsoTotal`), 'Reembolsado $ X de $ Y' when only some of it (a cancelled
 * group while the rest ships). Nothing when nothing was refunded.
 */
export function ReembolsoDePago({
  pago,
  className,
}: {
  pago: Pick<PagoPorVendedor, 'reembolsoTotal' | 'reembolsado' | 'monto'>;
  className?: string;
}) {
  if (pago.reembolsado <= 0) return null;
  const total = pago.reembolsoTotal;
  return (
    <p
      data-testid="reembolso-pago"
      className={cn(
        'flex items-start gap-1.5 rounded-lg bg-slate-100 px-2.5 py-1.5 font-medium text-slate-800 text-sm',
        className,
      )}
    >
      <RotateCcwIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 tabular-nums">
        Reembolsado {formatPrecio(pago.reembolsado)}
        {!total && ` de ${formatPrecio(pago.monto)}`}
      </span>
    </p>
  );
}
