import {
  BanknoteIcon,
  ExternalLinkIcon,
  LayoutGridIcon,
  Loader2Icon,
  LockKeyholeIcon,
  ReceiptTextIcon,
  WalletIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useIniciarVinculacion } from '../api/iniciar-vinculacion';
import { ItemExplicativo, PantallaDestacada } from './pantalla-destacada';

/** Sends the browser to Mercado Pago; tests replace it. */
export function irAMercadoPago(authUrl: string): void {
  window.location.assign(authUrl);
}

/**
 * The payment-account link screen (spec part 2, section 2): why linking is needed and
 * 'Vincular Mercado Pago', which asks the API where to authorize, shows 'Redirigiendo a Mercado
 * Pago...' and sends the browser there. A failure, or an answer without an address, says
 * 'No se pudo iniciar la vinculación con Mercado Pago'.
 */
export function VincularMercadoPago({
  usuarioId,
  redirigir = irAMercadoPago,
}: {
  usuarioId: string;
  redirigir?: (authUrl: string) => void;
}) {
  const iniciar = useIniciarVinculacion(usuarioId);
  // After success the browser is leaving: the button stays as it is until it has left.
  const redirigiendo = iniciar.isPending || iniciar.isSuccess;

  return (
    <PantallaDestacada
      icon={WalletIcon}
      badge={<Badge variant="highlight">Último paso</Badge>}
      title="Vincula tu cuenta de Mercado Pago"
      description={
        <p>
          Tu tienda ya está creada. Para vender necesitas conectar tu cuenta de Mercado Pago: así
          los pagos de tus compradores llegan directo a tu cuenta.
        </p>
      }
    >
      <ul aria-label="Por qué vincular tu cuenta" className="mt-6 grid gap-2.5">
        <ItemExplicativo icon={BanknoteIcon} title="Recibir pagos">
          Cobra cada venta directamente en tu cuenta de Mercado Pago.
        </ItemExplicativo>
        <ItemExplicativo icon={ReceiptTextIcon} title="Gestionar tus ventas">
          Sigue tus pagos y pedidos desde el panel de tu tienda.
        </ItemExplicativo>
        <ItemExplicativo icon={LayoutGridIcon} title="Acceder a todas las funciones">
          Carga productos, arma compras grupales y entrega tus pedidos.
        </ItemExplicativo>
      </ul>
      <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={redirigiendo}
          aria-busy={redirigiendo}
          onClick={() =>
            iniciar.mutate(undefined, {
              onSuccess: (authUrl) => redirigir(authUrl),
            })
          }
        >
          {redirigiendo ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <ExternalLinkIcon aria-hidden />
          )}
          {redirigiendo ? 'Redirigiendo a Mercado Pago...' : 'Vincular Mercado Pago'}
        </Button>
        <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <LockKeyholeIcon className="size-3.5 shrink-0" aria-hidden />
          Autorizas la conexión en Mercado Pago; nunca vemos tu contraseña.
        </p>
      </div>
    </PantallaDestacada>
  );
}
