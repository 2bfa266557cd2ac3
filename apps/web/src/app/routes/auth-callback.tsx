import { Loader2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useStartSession } from '@/features/usuario/hooks/use-start-session';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Return from Google sign-in (spec part 1, section 2): stores the accessToken of the query and
 * goes to redirectAfterAuth or /, replacing this history entry so the token leaves the address
 * bar. Without a token: an error and back to /login.
 */
export function AuthCallbackRoute() {
  useDocumentTitle('Iniciando sesión…');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const accessToken = searchParams.get('accessToken');
    if (accessToken) {
      startSession(accessToken, { redirect: true, replace: true });
      return;
    }
    toast({
      title: 'Error',
      description: 'No se pudo iniciar sesión con Google.',
      variant: 'destructive',
    });
    navigate('/login', { replace: true });
  }, [searchParams, navigate, startSession]);

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
