import { KeyRoundIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function AuthCallbackRoute() {
  return <PlaceholderPage title="Iniciando sesión…" icon={KeyRoundIcon} />;
}
