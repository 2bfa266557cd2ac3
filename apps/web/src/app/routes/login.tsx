import { LogInIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function LoginRoute() {
  return <PlaceholderPage title="Iniciar Sesión" icon={LogInIcon} />;
}
