import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSession } from '@/lib/session/use-session';
import { SinSesion, useSesionTerminada } from './sin-sesion';

/**
 * A screen of the signed-in person's own (Mis Pedidos, Mis Pagos): without a token, SinSesion;
 * with a token whose person cannot be read, `noSePudoAbrir` and the session's error; else the
 * screen, keyed by the person so another sign-in starts it anew.
 */
export function PantallaDelUsuario({
  noSePudoAbrir,
  children,
}: {
  noSePudoAbrir: string;
  children: (usuarioId: string) => ReactNode;
}) {
  const { token, usuarioId, error } = useSession();
  const sesionTerminada = useSesionTerminada(token);
  if (!token) return <SinSesion terminada={sesionTerminada} />;
  if (!usuarioId) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-6 py-16 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden />
        <h1 className="mt-4 font-bold text-2xl tracking-tight">{noSePudoAbrir}</h1>
        <p className="mt-2 text-muted-foreground">{error}</p>
      </div>
    );
  }
  return children(usuarioId);
}
