import { SearchXIcon, WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TEXTOS_PAGOS } from '../lib/textos';

/** 'Completa tus Pagos' reached without an order id (spec part 2, section 8). */
export function SinPedidoId() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-16">
      <div
        role="alert"
        className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-12 text-center shadow-sm"
      >
        <span className="grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <SearchXIcon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 font-bold text-2xl tracking-tight">{TEXTOS_PAGOS.sinPedidoId}</h1>
        <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
          Abre el pedido desde Mis Pagos para completar sus pagos.
        </p>
        <Button asChild className="mt-6">
          <Link to="/my-payments">
            <WalletIcon aria-hidden />
            Ir a Mis Pagos
          </Link>
        </Button>
      </div>
    </div>
  );
}
