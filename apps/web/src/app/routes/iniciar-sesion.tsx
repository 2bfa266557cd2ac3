import { BadgePercentIcon, LinkIcon, RadioTowerIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { type AuthMode, AuthPanel } from '@/features/usuario/components/auth-panel';
import { useStartSession } from '@/features/usuario/hooks/use-start-session';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { BrandMark } from '../shell/brand';

const GOOGLE_ERROR = 'No se pudo iniciar sesión con Google.';
/** Google's email has a password account: its password links Google (the server keeps it). */
const GOOGLE_VINCULAR =
  'Ya tienes una cuenta con ese email. Ingresa con tu contraseña para vincular Google.';

const beneficios = [
  { icon: BadgePercentIcon, text: 'Súmate a grupos de compra y paga menos' },
  { icon: RadioTowerIcon, text: 'Sigue en vivo cómo se completa cada grupo' },
  { icon: ShieldCheckIcon, text: 'Si un grupo se cancela, te devolvemos el dinero al instante' },
];

const textos: Record<AuthMode, { title: string; subtitle: string }> = {
  login: {
    title: 'Iniciar Sesión',
    subtitle: 'Ingresa a tu cuenta para comprar en grupo.',
  },
  register: {
    title: 'Crear cuenta',
    subtitle: 'Regístrate en un minuto y empieza a ahorrar.',
  },
};

/** /login and /register: the same screen; /register opens in register mode. */
export function IniciarSesionRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const startSession = useStartSession();
  const mode: AuthMode = location.pathname === '/register' ? 'register' : 'login';
  const keptEmail = (location.state as { email?: unknown } | null)?.email;
  const { title, subtitle } = textos[mode];
  useDocumentTitle(title);

  // Back from Google with an email that has a password account: say so until the login.
  const [vincularGoogle, setVincularGoogle] = useState(
    () => searchParams.get('error') === 'google-vincular',
  );

  // Back from a failed Google sign-in: say it once and drop the parameter.
  const googleErrorShown = useRef(false);
  useEffect(() => {
    const error = searchParams.get('error');
    if (error !== 'google' && error !== 'google-vincular') return;
    if (error === 'google-vincular') setVincularGoogle(true);
    else if (!googleErrorShown.current) {
      googleErrorShown.current = true;
      toast({ title: 'Error', description: GOOGLE_ERROR, variant: 'destructive' });
    }
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true, state: location.state },
    );
  }, [searchParams, setSearchParams, location.state]);

  const setMode = (next: AuthMode, email?: string) => {
    navigate(next === 'login' ? '/login' : '/register', {
      replace: true,
      state: email ? { email } : null,
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 items-start justify-center px-4 py-6 sm:px-6 sm:py-10 lg:items-center">
      <Card className="w-full max-w-md animate-rise-in gap-0 overflow-hidden py-0 lg:grid lg:max-w-4xl lg:grid-cols-[minmax(0,0.95fr)_minmax(0,1.05fr)]">
        <aside className="relative hidden overflow-hidden bg-linear-to-br from-primary to-primary-strong p-10 text-primary-foreground lg:flex lg:flex-col">
          <div
            aria-hidden
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10"
          />
          <div
            aria-hidden
            className="pointer-events-none absolute -bottom-32 -left-20 size-80 rounded-full bg-white/8 blur-2xl"
          />
          <BrandMark className="relative size-11 drop-shadow" />
          <p className="relative mt-8 text-balance font-bold text-3xl leading-tight tracking-tight">
            Comprar en grupo rinde más.
          </p>
          <p className="relative mt-3 text-pretty text-primary-foreground/85">
            Elige un producto, súmate a un grupo y, cuando se completa, tu pedido sale.
          </p>
          <ul className="relative mt-auto grid gap-4 pt-10">
            {beneficios.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm">
                <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-white/15">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
        </aside>

        <div className="relative p-6 sm:p-8">
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-linear-to-br from-primary/12 via-primary/4 to-highlight/10 [mask-image:linear-gradient(to_bottom,black_20%,transparent)] lg:hidden"
          />
          <div className="relative mb-6">
            <BrandMark className="mb-5 size-10 lg:hidden" />
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
            <p className="mt-1.5 text-muted-foreground">{subtitle}</p>
          </div>
          {vincularGoogle && mode === 'login' ? (
            <p
              role="status"
              className="relative mb-5 flex items-start gap-2.5 rounded-lg border border-primary/30 bg-primary/8 p-3 text-sm"
            >
              <LinkIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{GOOGLE_VINCULAR}</span>
            </p>
          ) : null}
          <AuthPanel
            mode={mode}
            onModeChange={(next) => setMode(next)}
            email={typeof keptEmail === 'string' ? keptEmail : undefined}
            onLoggedIn={(accessToken) => startSession(accessToken, { redirect: true })}
            onRegistered={(email) => setMode('login', email)}
          />
        </div>
      </Card>
    </div>
  );
}
