import { useQuery } from '@tanstack/react-query';
import { PackagePlusIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SesionRequerida } from '@/entities/sesion/components/sesion-requerida';
import { useCategoriasLocales } from '@/entities/tienda/api/get-categorias-locales';
import { CargarProductoWizard } from '@/features/mis-productos/components/cargar-producto/cargar-producto-wizard';
import { tiendaConProductosQueryOptions } from '@/features/tienda/api/get-tienda-con-productos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/** Where the seller lands after loading a product: Mi Tienda's 'Mis Productos', with it listed. */
export const DESTINO_TRAS_CARGAR = '/my-store?seccion=mis-productos';

/**
 * The name of the seller's store's global category, whose usual package the wizard proposes:
 * the store id comes with its local categories (the wizard's own call), the category with the
 * store's public page. Null when it cannot be read (the default package); undefined meanwhile.
 */
function useCategoriaDeLaTienda(usuarioId: string | null): string | null | undefined {
  const categorias = useCategoriasLocales(usuarioId ?? '', { enabled: usuarioId !== null });
  const tiendaId = categorias.data?.tiendaId;
  const tienda = useQuery({
    ...tiendaConProductosQueryOptions(tiendaId ?? ''),
    enabled: tiendaId !== undefined,
    select: (datos) => datos.categoriaNombre,
    retry: false,
  });
  if (usuarioId === null || categorias.isError || tienda.isError) return null;
  return tienda.data;
}

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
  const categoriaDeLaTienda = useCategoriaDeLaTienda(token ? usuarioId : null);

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
      categoriaDeLaTienda={categoriaDeLaTienda}
    />
  );
}
