import { AccesoDenegado } from '@/features/admin/components/acceso-denegado';
import { GruposAdmin } from '@/features/admin/components/grupos-admin';
import { RevisionSkeleton } from '@/features/admin/components/revision-skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEsAdmin } from '@/lib/session/es-admin';
import { useSession } from '@/lib/session/use-session';

/**
 * /admin/grupos: the product team's open groups, where one is cancelled with its refunds
 * (issue 14). Only for admins: anyone else sees that access is restricted.
 */
export function AdminGruposRoute() {
  useDocumentTitle('Grupos de compra');
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
  return <GruposAdmin />;
}
