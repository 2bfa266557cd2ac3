import { AccesoDenegado } from '@/features/admin/components/acceso-denegado';
import { RevisionSkeleton } from '@/features/admin/components/revision-skeleton';
import { RevisionTiendas } from '@/features/admin/components/revision-tiendas';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEsAdmin } from '@/lib/session/es-admin';
import { useSession } from '@/lib/session/use-session';

/**
 * /admin/tiendas: the product team's store review (the spec says stores are enabled by the
 * product team; this is where). Only for admins: anyone else sees that access is restricted.
 */
export function AdminTiendasRoute() {
  useDocumentTitle('Revisión de tiendas');
  const { usuarioId } = useSession();
  const esAdmin = useEsAdmin(usuarioId);

  if (usuarioId && esAdmin.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <RevisionSkeleton cantidad={2} />
      </div>
    );
  }
  if (!usuarioId || esAdmin.data?.esAdmin !== true) return <AccesoDenegado />;
  return <RevisionTiendas />;
}
