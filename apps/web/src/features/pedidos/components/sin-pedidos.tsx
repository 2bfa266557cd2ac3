import {
  CircleCheckBigIcon,
  PackageOpenIcon,
  RotateCcwIcon,
  ShoppingBagIcon,
  TruckIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Pestania } from '../lib/clasificar-pedido';

const TEXTOS: Record<Pestania, { titulo: string; texto: string; icono: typeof TruckIcon }> = {
  'en-curso': {
    titulo: 'No tienes pedidos en curso',
    texto: 'Súmate a un grupo de compra y sigue aquí cómo se completa.',
    icono: PackageOpenIcon,
  },
  completados: {
    titulo: 'No tienes pedidos completados',
    texto:
      'Cuando todos los grupos de un pedido se completen, vas a ver aquí su código de entrega.',
    icono: TruckIcon,
  },
  entregados: {
    titulo: 'Aún no tienes pedidos entregados',
    texto: 'Aquí vas a ver los pedidos que ya recibiste.',
    icono: CircleCheckBigIcon,
  },
  cancelados: {
    titulo: 'No tienes pedidos cancelados',
    texto: 'Si un grupo se cancela, aquí vas a ver el pedido y lo que te devolvimos.',
    icono: RotateCcwIcon,
  },
};

/** A tab without orders: what will show there, and a way to the stores. */
export function SinPedidos({ pestania }: { pestania: Pestania }) {
  const { titulo, texto, icono: Icono } = TEXTOS[pestania];
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 border-dashed bg-card px-6 py-12 text-center sm:py-14">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Icono className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-bold text-xl tracking-tight">{titulo}</h2>
      <p className="mt-2 max-w-sm text-pretty text-muted-foreground">{texto}</p>
      <Button asChild className="mt-6">
        <Link to="/">
          <ShoppingBagIcon aria-hidden />
          Explorar tiendas
        </Link>
      </Button>
    </div>
  );
}
