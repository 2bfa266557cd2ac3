import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { dismissToasts } from '@/components/ui/toast';
import { useIngresoConGoogle } from '../api/get-metodos-de-ingreso';
import { GoogleSignInButton } from './google-sign-in-button';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

const tabs: readonly { mode: AuthMode; label: string }[] = [
  { mode: 'login', label: 'Iniciar Sesión' },
  { mode: 'register', label: 'Registrarse' },
];

/**
 * Login and register, switchable (spec part 1, section 4), with Google on both when the server
 * can sign in with Google.
 */
export function AuthPanel({
  mode,
  onModeChange,
  email,
  onLoggedIn,
  onRegistered,
  conDireccion = false,
  onGoogle,
  onOlvidoContrasenia,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Pre-filled login email (kept after registering). */
  email?: string | undefined;
  onLoggedIn: (accessToken: string) => void;
  onRegistered: (email: string) => void;
  /** The dialog's register form asks for an address too. */
  conDireccion?: boolean;
  onGoogle?: () => void;
  /** '¿Olvidaste tu contraseña?' was followed (the dialog closes). */
  onOlvidoContrasenia?: () => void;
}) {
  const conGoogle = useIngresoConGoogle();
  // The other form's error no longer applies: it goes with the switch.
  const cambiarModo = (next: string) => {
    if (next !== 'login' && next !== 'register') return;
    if (next !== mode) dismissToasts();
    onModeChange(next);
  };

  return (
    <Tabs value={mode} onValueChange={cambiarModo} className="grid gap-5">
      <TabsList aria-label="Acceso" className="grid grid-cols-2">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.mode} value={tab.mode}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value={mode} className="grid gap-5">
        {conGoogle && (
          <>
            <GoogleSignInButton onNavigate={onGoogle} />
            <div className="flex items-center gap-3 text-muted-foreground text-xs">
              <span aria-hidden className="h-px flex-1 bg-border" />
              {mode === 'login' ? 'o ingresa con tu email' : 'o regístrate con tu email'}
              <span aria-hidden className="h-px flex-1 bg-border" />
            </div>
          </>
        )}
        {mode === 'login' ? (
          <LoginForm
            key={email ?? ''}
            defaultEmail={email}
            onSuccess={onLoggedIn}
            onOlvidoContrasenia={onOlvidoContrasenia}
          />
        ) : (
          <RegisterForm conDireccion={conDireccion} onSuccess={onRegistered} />
        )}
      </TabsContent>
    </Tabs>
  );
}
