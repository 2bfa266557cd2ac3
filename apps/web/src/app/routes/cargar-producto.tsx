import { PackagePlusIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SesionRequerida } from '@/entities/sesion/components/sesion-requerida';
import { CargarProductoWizard } from '@/features/mis-productos/components/cargar-producto/cargar-producto-wizard';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/** Where the seller lands after loading a product: Mi Tienda's 'Mis Productos', with it listed. */
export const DESTINO_TRAS_CARGAR = '/my-store?seccion=mis-productos';

/**
 * /product-form, the product upload wizard (spec part 2, section 2). It needs a session and
 * uses the user id inside the token; without a token it asks to log in and comes back here.
 * Closing goes to / (spec); a loaded product goes on to Mis Productos, replacing this entry so
 * the browser's back does not reopen a finished wizard.
 */
export function CargarProductoRoute() {
  useDocumentTitle('Cargar Producto');
  const { token, usuarioId } = useSession();
  const navigate = useNavigate();
  const cerrar = useCallback(() => navigate('/'), [navigate]);
  const creado = useCallback(() => navigate(DESTINO_TRAS_CARGAR, { replace: true }), [navigate]);

  if (!token) {
    return (
      <SesionRequerida
        icon={PackagePlusIcon}
        titulo="Cargar Producto"
        descripcion="Inicia sesión para cargar productos en tu tienda."
        volverA="/product-form"
      />
    );
  }
  // Another login starts the wizard afresh.
  return (
    <CargarProductoWizard
      key={usuarioId}
      usuarioId={usuarioId}
      onCerrar={cerrar}
      onCreado={creado}
    />
  );
}
