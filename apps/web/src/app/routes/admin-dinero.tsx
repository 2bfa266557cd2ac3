import { AccesoDenegado } from '@/features/admin/components/acceso-denegado';
import { DineroEnCursoAdmin } from '@/features/admin/components/dinero-en-curso';
import { RevisionSkeleton } from '@/features/admin/components/revision-skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEsAdmin } from '@/lib/session/es-admin';
import { useSession } from '@/lib/session/use-session';

/**
 * /admin/dinero: the team's money in flight (issue 37). Only for admins: anyone else sees that
 * access is restricted.
 */
export function AdminDineroRoute() {
  useDocumentTitle('Dinero en curso');
  const { usuarioId } = useSession();
  const esAdmin = useEsAdmin(usuarioId);

  if (usuarioId && esAdmin.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <RevisionSkeleton cantidad={2} etiqueta="Cargando…" />
      </div>
    );
  }
  if (!usuarioId || esAdmin.data?.esAdmin !== true) return <AccesoDenegado />;
  return <DineroEnCursoAdmin />;
}
