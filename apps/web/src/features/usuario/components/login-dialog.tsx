import { useState } from 'react';
import { useLocation } from 'react-router';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { saveRedirectAfterAuth, useStartSession } from '../hooks/use-start-session';
import { type AuthMode, AuthPanel } from './auth-panel';

/**
 * The login / register dialog (spec part 1, section 2): a modal on wide screens, a bottom
 * drawer below 768 px. Logging in here keeps the user on the page; Google comes back to it.
 */
export function LoginDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const location = useLocation();
  const startSession = useStartSession();
  const [mode, setMode] = useState<AuthMode>('login');
  const [email, setEmail] = useState<string | undefined>();

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Inicia sesión para continuar"
      description="Únete al grupo de compra"
      className="md:max-w-lg"
    >
      <AuthPanel
        mode={mode}
        onModeChange={setMode}
        email={email}
        conDireccion
        onGoogle={() => saveRedirectAfterAuth(`${location.pathname}${location.search}`)}
        onOlvidoContrasenia={() => onOpenChange(false)}
        onLoggedIn={(accessToken) => {
          startSession(accessToken);
          onOpenChange(false);
        }}
        onRegistered={(registeredEmail) => {
          setEmail(registeredEmail);
          setMode('login');
        }}
      />
    </ResponsiveDialog>
  );
}
