import { UsersIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function GroupRoute() {
  return <PlaceholderPage title="Detalle del Grupo" icon={UsersIcon} />;
}
