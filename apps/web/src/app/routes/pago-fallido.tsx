import { CONSTANTES } from '@compra-grupal/contracts';
import { CircleXIcon, HomeIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getStoredItem } from '@/lib/storage-keys';

const CAUSAS = [
  'Fondos insuficientes en la tarjeta o la cuenta',
  'Tarjeta vencida o inválida',
  'Error de conexión con el banco',
  'Rechazo por seguridad del emisor',
  'Datos de pago incorrectos',
] as const;

const CONSEJOS = [
  'Verifica los datos de tu tarjeta y su saldo disponible.',
  'Prueba con otro medio de pago.',
  'Si el problema sigue, comunícate con tu banco.',
] as const;

/**
 * /failure (spec part 1, section 2). With a pending order it says 'Pago cancelado' and after
 * 1.5 s goes back to pay it (/multi-payment-checkout?pedidoId={id}); otherwise 'Error en el
 * pago'. It lists the possible causes and advice, and says that nothing was charged.
 */
export function PagoFallidoRoute() {
  useDocumentTitle('Pago fallido');
  const [pedidoId] = useState(() => getStoredItem('currentPedidoId'));
  const navigate = useNavigate();

  useEffect(() => {
    if (!pedidoId) {
      toast({
        title: 'Error en el pago',
        description: 'No se pudo completar el pago. No se realizó ningún cargo.',
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Pago cancelado',
      description: 'Te llevamos de vuelta a tu pedido para que puedas intentarlo de nuevo.',
      variant: 'destructive',
    });
    const espera = window.setTimeout(
      () =>
        navigate(`/multi-payment-checkout?pedidoId=${encodeURIComponent(pedidoId)}`, {
          replace: true,
        }),
      CONSTANTES.demoraRedireccionPagoCanceladoMs,
    );
    return () => window.clearTimeout(espera);
  }, [pedidoId, navigate]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex animate-rise-in flex-col rounded-2xl border border-border/70 bg-card px-5 py-10 shadow-sm sm:px-8">
        <span className="grid size-14 place-items-center self-center rounded-2xl bg-destructive/10 text-destructive">
          <CircleXIcon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-center font-bold text-2xl tracking-tight">
          {pedidoId ? 'Pago cancelado' : 'Error en el pago'}
        </h1>
        <p className="mt-2 text-center text-muted-foreground">
          {pedidoId ? 'Volvemos a tu pedido en un momento…' : 'No pudimos procesar tu pago.'}
        </p>

        <h2 className="mt-8 font-semibold">Posibles causas</h2>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground text-sm">
          {CAUSAS.map((causa) => (
            <li key={causa}>{causa}</li>
          ))}
        </ul>

        <h2 className="mt-6 font-semibold">Qué puedes hacer</h2>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground text-sm">
          {CONSEJOS.map((consejo) => (
            <li key={consejo}>{consejo}</li>
          ))}
        </ul>

        <p className="mt-6 flex items-start gap-2 rounded-xl bg-secondary/70 p-3 text-secondary-foreground text-sm">
          <ShieldCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          No se realizó ningún cargo a tu cuenta.
        </p>

        <Button asChild size="lg" className="mt-6 self-center">
          <Link to="/">
            <HomeIcon aria-hidden />
            Volver al inicio
          </Link>
        </Button>
      </div>
    </div>
  );
}
