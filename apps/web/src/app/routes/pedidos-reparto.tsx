import { PackageIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AccesoRestringido } from '@/entities/sesion/components/acceso-restringido';
import { SinSesion, useSesionTerminada } from '@/entities/sesion/components/sin-sesion';
import { GestionEntregas } from '@/features/entregas/components/gestion-entregas';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEsAdmin } from '@/lib/session/es-admin';
import { useEsRepartidor } from '@/lib/session/es-repartidor';
import { useSession } from '@/lib/session/use-session';

/**
 * The location feature's offline plan, drawn under the route's map when its tiles cannot be
 * loaded; its code loads only then.
 */
const UbicacionPlano = lazy(async () => ({
  default: (await import('@/features/ubicacion/components/ubicacion-plano')).UbicacionPlano,
}));

/**
 * Someone who is neither a courier nor an admin: told here why the screen is not theirs and
 * where their own orders are (sending them to / with a toast left them guessing: the home
 * screen's own notices took the toast's place).
 */
function SoloRepartidores() {
  return (
    <AccesoRestringido
      accion={
        <Button asChild size="lg">
          <Link to="/my-orders">
            <PackageIcon aria-hidden />
            Ir a Mis Pedidos
          </Link>
        </Button>
      }
    >
      Esta sección es solo para repartidores: acá confirman las entregas con el código de cada
      pedido. Tus compras y sus códigos están en Mis Pedidos.
    </AccesoRestringido>
  );
}

/**
 * /delivery-orders, the delivery management screen (spec part 2, section 2), for couriers and
 * admins. Without a token it goes to /login like the other orders screens (a session ended here
 * goes to /); anyone else is told the screen is for couriers. A failed role check counts as false (spec part 1, section 6).
 */
export function PedidosRepartoRoute() {
  useDocumentTitle('Pedidos');
  const { token, usuarioId, error } = useSession();
  const sesionTerminada = useSesionTerminada(token);
  const repartidor = useEsRepartidor(usuarioId);
  const admin = useEsAdmin(usuarioId);

  if (!token) return <SinSesion terminada={sesionTerminada} />;
  if (!usuarioId) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-6 py-16 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden />
        <h1 className="mt-4 font-bold text-2xl tracking-tight">No pudimos abrir los pedidos</h1>
        <p className="mt-2 text-muted-foreground">{error}</p>
      </div>
    );
  }
  const esRepartidor = repartidor.data?.esRepartidor === true;
  const esAdmin = admin.data?.esAdmin === true;
  if (esRepartidor || esAdmin) return <GestionEntregas PlanoSinConexion={UbicacionPlano} />;
  if (repartidor.isPending || admin.isPending) {
    return (
      <div
        role="status"
        aria-label="Verificando tu acceso"
        className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10"
      >
        <div className="flex items-start gap-3.5">
          <Skeleton className="size-11 rounded-xl" />
          <div className="flex-1">
            <Skeleton className="h-8 w-40" />
            <Skeleton className="mt-2 h-4 w-2/3 max-w-md" />
          </div>
        </div>
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <Skeleton className="h-64 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      </div>
    );
  }
  return <SoloRepartidores />;
}
