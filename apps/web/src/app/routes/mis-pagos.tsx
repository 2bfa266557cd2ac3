import { TriangleAlertIcon } from 'lucide-react';
import { SinSesion, useSesionTerminada } from '@/entities/sesion/components/sin-sesion';
import { MisPagos } from '@/features/pagos/components/mis-pagos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/** /my-payments (spec part 2, section 2): Mis Pagos; without a token, /login; a session ended here, /. */
export function MisPagosRoute() {
  useDocumentTitle('Mis Pagos');
  const { token, usuarioId, error } = useSession();
  const sesionTerminada = useSesionTerminada(token);
  if (!token) return <SinSesion terminada={sesionTerminada} />;
  if (!usuarioId) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-6 py-16 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden />
        <h1 className="mt-4 font-bold text-2xl tracking-tight">No pudimos abrir tus pagos</h1>
        <p className="mt-2 text-muted-foreground">{error}</p>
      </div>
    );
  }
  return <MisPagos key={usuarioId} usuarioId={usuarioId} />;
}
