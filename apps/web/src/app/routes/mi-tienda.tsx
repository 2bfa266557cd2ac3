import { StoreIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { SesionRequerida } from '@/entities/sesion/components/sesion-requerida';
import { PedidosParaEntregar } from '@/features/entregas/components/pedidos-para-entregar';
import { EstadisticasSkeleton } from '@/features/estadisticas/components/estadisticas-skeleton';
import { GestionGrupos } from '@/features/grupo/components/gestion-grupos';
import { MiTienda } from '@/features/mi-tienda/components/mi-tienda';
import { MisProductos } from '@/features/mis-productos/components/mis-productos';
import {
  preloadUbicacionPicker,
  UbicacionPickerDialog,
} from '@/features/ubicacion/components/ubicacion-picker-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/**
 * The location feature's offline plan, drawn under the delivery route's map when its tiles
 * cannot be loaded; its code loads only then.
 */
const UbicacionPlano = lazy(async () => ({
  default: (await import('@/features/ubicacion/components/ubicacion-plano')).UbicacionPlano,
}));

// Only a user without a store needs the creation wizard: its code loads when that screen shows.
const CrearTiendaWizard = lazy(async () => ({
  default: (await import('@/features/mi-tienda/components/crear-tienda/crear-tienda-wizard'))
    .CrearTiendaWizard,
}));

// The charts' library is the biggest part of Estadísticas: its code loads when it opens.
const EstadisticasTienda = lazy(async () => ({
  default: (await import('@/features/estadisticas/components/estadisticas-tienda'))
    .EstadisticasTienda,
}));

/**
 * /my-store, Mi Tienda (spec part 2, section 2). It needs a session and uses the user id inside
 * the token; without a token it asks to log in ('No se encontró token de acceso'). The route
 * gives the creation wizard its map picker (features do not import each other).
 */
export function MiTiendaRoute() {
  useDocumentTitle('Mi Tienda');
  const { token, usuarioId, error } = useSession();

  if (!token) {
    return (
      <SesionRequerida
        icon={StoreIcon}
        titulo="Mi Tienda"
        descripcion="Inicia sesión para crear tu tienda o gestionar la que ya tienes."
        volverA="/my-store"
      />
    );
  }
  if (!usuarioId) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-16 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
          <TriangleAlertIcon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-6 font-bold text-2xl tracking-tight">No pudimos abrir tu tienda</h1>
        <p className="mt-3 text-muted-foreground">{error}</p>
      </div>
    );
  }
  // A new user (another login) starts Mi Tienda afresh.
  return (
    <MiTienda
      key={usuarioId}
      usuarioId={usuarioId}
      renderAsistente={(props) => (
        <Suspense fallback={null}>
          <CrearTiendaWizard
            {...props}
            LocationPicker={UbicacionPickerDialog}
            preloadLocationPicker={preloadUbicacionPicker}
          />
        </Suspense>
      )}
      secciones={{
        'mis-productos': ({ onVolver }) => (
          <MisProductos usuarioId={usuarioId} onVolver={onVolver} />
        ),
        grupos: () => <GestionGrupos usuarioId={usuarioId} />,
        'pedidos-para-entregar': () => (
          <PedidosParaEntregar usuarioId={usuarioId} PlanoSinConexion={UbicacionPlano} />
        ),
        estadisticas: ({ onVolver }) => (
          <Suspense fallback={<EstadisticasSkeleton barra />}>
            <EstadisticasTienda usuarioId={usuarioId} onVolver={onVolver} />
          </Suspense>
        ),
      }}
    />
  );
}
