import { UserPlusIcon, UsersIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useLoginDialog } from '@/features/usuario/components/login-dialog-provider';
import { useAccessToken } from '@/lib/session/use-access-token';

/**
 * The group page arrives with its own issue. Its join button already follows the spec's first
 * rule (part 1, section 4): while logged out it opens the login dialog.
 */
export function GroupRoute() {
  const loggedIn = useAccessToken() !== null;
  const { openLoginDialog } = useLoginDialog();

  const join = () => {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    toast({
      title: 'En construcción',
      description: 'Esta funcionalidad estará disponible próximamente',
    });
  };

  return (
    <PlaceholderPage title="Detalle del Grupo" icon={UsersIcon}>
      <Button onClick={join}>
        <UserPlusIcon aria-hidden />
        Unirse al Grupo
      </Button>
    </PlaceholderPage>
  );
}
