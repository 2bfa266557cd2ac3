import { type KeyboardEvent, useId, useRef } from 'react';
import { dismissToasts } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import { GoogleSignInButton } from './google-sign-in-button';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

const tabs: readonly { mode: AuthMode; label: string }[] = [
  { mode: 'login', label: 'Iniciar Sesión' },
  { mode: 'register', label: 'Registrarse' },
];

/** Login and register, switchable (spec part 1, section 4), with Google on both. */
export function AuthPanel({
  mode,
  onModeChange,
  email,
  onLoggedIn,
  onRegistered,
  conDireccion = false,
  onGoogle,
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
}) {
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // The other form's error no longer applies: it goes with the switch.
  const cambiarModo = (next: AuthMode) => {
    if (next !== mode) dismissToasts();
    onModeChange(next);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: AuthMode = mode === 'login' ? 'register' : 'login';
    cambiarModo(next);
    tabRefs.current[tabs.findIndex((tab) => tab.mode === next)]?.focus();
  };

  return (
    <div className="grid gap-5">
      <div
        role="tablist"
        aria-label="Acceso"
        onKeyDown={onTabKeyDown}
        className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1"
      >
        {tabs.map((tab, index) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.mode}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => cambiarModo(tab.mode)}
              className={cn(
                'h-9 rounded-lg font-medium text-sm transition-[color,background-color,box-shadow] duration-150 motion-reduce:transition-none',
                'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
                selected
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${mode}`}
        className="grid gap-5"
      >
        <GoogleSignInButton onNavigate={onGoogle} />
        <div className="flex items-center gap-3 text-muted-foreground text-xs">
          <span aria-hidden className="h-px flex-1 bg-border" />
          {mode === 'login' ? 'o ingresa con tu email' : 'o regístrate con tu email'}
          <span aria-hidden className="h-px flex-1 bg-border" />
        </div>
        {mode === 'login' ? (
          <LoginForm key={email ?? ''} defaultEmail={email} onSuccess={onLoggedIn} />
        ) : (
          <RegisterForm conDireccion={conDireccion} onSuccess={onRegistered} />
        )}
      </div>
    </div>
  );
}
