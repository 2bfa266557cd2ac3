import { Loader2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useStartSession } from '@/features/usuario/hooks/use-start-session';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { renewAccessToken } from '@/lib/api-client';

/**
 * Return from Google sign-in (spec part 1, section 2). The server set the refresh cookie; the
 * access token comes from renewing with it, never from the address (a token in the query
 * would reach logs and history, and a crafted link could sign someone into another account,
 * so any there is ignored). Then goes to redirectAfterAuth or /, replacing this history entry.
 * Without a session: an error and back to /login.
 */
export function AuthCallbackRoute() {
  useDocumentTitle('Iniciando sesión…');
  const navigate = useNavigate();
  const startSession = useStartSession();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    renewAccessToken().then(
      (accessToken) => startSession(accessToken, { redirect: true, replace: true }),
      () => {
        toast({
          title: 'Error',
          description: 'No se pudo iniciar sesión con Google.',
          variant: 'destructive',
        });
        navigate('/login', { replace: true });
      },
    );
  }, [navigate, startSession]);

  return (
    <div className="grid flex-1 place-items-center px-4 py-16">
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary">
          <Loader2Icon className="size-6 animate-spin" aria-hidden />
        </span>
        <h1 className="font-semibold text-lg tracking-tight">Iniciando sesión…</h1>
      </div>
    </div>
  );
}
