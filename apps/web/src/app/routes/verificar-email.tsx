import { CircleCheckIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useVerificarEmail } from '@/features/usuario/api/cuenta';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { CuentaPantalla } from './cuenta-pantalla';

const SIN_ENLACE = 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.';

/**
 * /verificar-email?token=…: the verification email's link. Uses it once on arrival (not
 * again on a re-render) and says how it went, with a way home.
 */
export function VerificarEmailRoute() {
  useDocumentTitle('Confirmar correo');
  const token = useSearchParams()[0].get('token') ?? '';
  const verificar = useVerificarEmail();
  const usado = useRef(false);

  useEffect(() => {
    if (usado.current || !token) return;
    usado.current = true;
    verificar.mutate(token);
  }, [token, verificar]);

  const alInicio = (
    <Button asChild size="lg">
      <Link to="/">Ir al inicio</Link>
    </Button>
  );

  if (verificar.isSuccess) {
    return (
      <CuentaPantalla titulo="Tu correo fue verificado">
        <p role="status" className="flex items-start gap-2.5 text-muted-foreground">
          <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <span>Listo: ya confirmamos que este correo es tuyo.</span>
        </p>
        {alInicio}
      </CuentaPantalla>
    );
  }

  if (!token || verificar.isError) {
    const error = verificar.error;
    const mensaje =
      error instanceof ApiError && error.code !== 'ENLACE_DE_CUENTA_INVALIDO'
        ? (error.serverMessage ?? error.message)
        : SIN_ENLACE;
    return (
      <CuentaPantalla titulo="No pudimos verificar tu correo">
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <span>
            {mensaje} Si ya iniciaste sesión, usá «Reenviar» en el aviso de arriba para recibir otro
            enlace.
          </span>
        </p>
        {alInicio}
      </CuentaPantalla>
    );
  }

  return (
    <CuentaPantalla titulo="Confirmando tu correo…">
      <p role="status" className="flex items-center gap-2.5 text-muted-foreground">
        <Loader2Icon className="size-5 animate-spin" aria-hidden />
        Un momento…
      </p>
    </CuentaPantalla>
  );
}
