import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { TEXTOS_PAGOS } from '../lib/textos';

/**
 * An order whose payments cannot be read (spec part 2, section 8): 'No se pudo cargar la
 * información del pedido' with the server's `error` as the message, then Mis Pagos. Only a
 * first load that fails leads away; a failed background read keeps what is on screen.
 */
export function useRedirigirSiFalla(fallo: boolean, error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    // A session that ended already said so and went home.
    if (!fallo || endedTheSession(error)) return;
    const mensaje = error instanceof ApiError ? error.serverMessage : undefined;
    toast({
      title: TEXTOS_PAGOS.errorPedido,
      description: mensaje ?? 'Revisa tu conexión e inténtalo de nuevo',
      variant: 'destructive',
    });
    navigate('/my-payments', { replace: true });
  }, [fallo, error, navigate]);
}
