import type { EstadisticasDeTienda } from '@compra-grupal/contracts';
import {
  BadgePercentIcon,
  LandmarkIcon,
  type LucideIcon,
  PackageIcon,
  ReceiptTextIcon,
  TrendingUpIcon,
  TruckIcon,
  Undo2Icon,
  WalletIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { formatEntero } from '../lib/formato';
import { Monto } from './monto';

interface Tarjeta {
  titulo: string;
  valor: ReactNode;
  detalle: string;
  icon: LucideIcon;
  /** The one figure a seller looks at first. */
  destacada?: boolean;
}

function tarjetasDe(e: EstadisticasDeTienda): Tarjeta[] {
  return [
    {
      titulo: 'Ventas',
      valor: <Monto pesos={e.ventas.pagado} />,
      detalle:
        e.ventas.envio > 0
          ? `Incluye ${formatPrecio(e.ventas.envio)} de envío`
          : 'Pagado en el período',
      icon: TrendingUpIcon,
    },
    {
      titulo: 'Reembolsado',
      valor: <Monto pesos={e.ventas.reembolsado} />,
      detalle: 'Devuelto a compradores',
      icon: Undo2Icon,
    },
    {
      titulo: 'Neto',
      valor: <Monto pesos={e.ventas.neto} />,
      detalle: 'Ventas menos reembolsos',
      icon: WalletIcon,
      destacada: true,
    },
    {
      titulo: 'Comisión de Mercado Pago',
      valor: <Monto pesos={e.comisiones.mercadoPago} />,
      detalle: 'Informada en cada pago',
      icon: LandmarkIcon,
    },
    {
      titulo: 'Comisión del marketplace',
      valor: <Monto pesos={e.comisiones.marketplace} />,
      detalle: 'La de Compra Grupal',
      icon: BadgePercentIcon,
    },
    {
      titulo: 'Pedidos',
      valor: formatEntero(e.pedidos),
      detalle: 'En el período',
      icon: ReceiptTextIcon,
    },
    {
      titulo: 'Unidades',
      valor: formatEntero(e.unidades),
      detalle: 'Vendidas en el período',
      icon: PackageIcon,
    },
    {
      titulo: 'Entregas pendientes',
      valor: formatEntero(e.entregasPendientes),
      detalle: 'Pagadas y sin entregar, hoy',
      icon: TruckIcon,
    },
  ];
}

/** The period's figures as cards: two a row on a phone, four on a wide screen. */
export function TarjetasDeResumen({ estadisticas }: { estadisticas: EstadisticasDeTienda }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {tarjetasDe(estadisticas).map((tarjeta) => (
        <div
          key={tarjeta.titulo}
          data-slot="tarjeta-de-resumen"
          className={cn(
            '@container flex min-w-0 flex-col rounded-2xl border p-3.5 shadow-xs sm:p-5',
            tarjeta.destacada
              ? 'border-primary/25 bg-linear-to-br from-secondary to-card'
              : 'border-border/70 bg-card',
          )}
        >
          <dt className="flex items-start justify-between gap-2 font-medium text-muted-foreground text-xs sm:text-sm">
            <span className="min-w-0 text-pretty leading-snug">{tarjeta.titulo}</span>
            <span
              className={cn(
                'grid size-7 shrink-0 place-items-center rounded-lg sm:size-8',
                tarjeta.destacada
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-secondary text-secondary-foreground',
              )}
            >
              <tarjeta.icon className="size-3.5 sm:size-4" aria-hidden />
            </span>
          </dt>
          {/* The figure grows with its card: ten million pesos still fit a phone's half width. */}
          <dd className="mt-auto whitespace-nowrap pt-2 font-bold text-[clamp(0.9rem,12cqi,1.5rem)] tabular-nums tracking-tight">
            {tarjeta.valor}
          </dd>
          <dd className="mt-0.5 text-muted-foreground text-xs leading-snug">{tarjeta.detalle}</dd>
        </div>
      ))}
    </dl>
  );
}
