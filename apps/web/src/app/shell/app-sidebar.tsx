import { HouseIcon, LayoutDashboardIcon, LogOutIcon } from 'lucide-react';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarTitle,
  useSidebar,
} from '@/components/ui/sidebar';
import { useLogout } from '@/features/usuario/hooks/use-logout';
import { NavGroup, type NavItem } from './nav-group';
import { useAcciones } from './use-acciones';

const navegacion: readonly NavItem[] = [{ title: 'Inicio', to: '/', icon: HouseIcon }];

/**
 * The side panel 'Panel de Control' (spec part 1, section 2), shown only with a stored access
 * token. 'Navegación' is fixed; 'Acciones' depends on the user's roles (section 6) and stays
 * hidden while they load. The footer logs out.
 */
export function AppSidebar() {
  const acciones = useAcciones();
  const logout = useLogout();
  const { isMobile, setOpenMobile } = useSidebar();

  return (
    <Sidebar label="Panel de Control">
      <SidebarHeader className="border-sidebar-border border-b">
        <div className="flex h-10 items-center gap-2.5">
          <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-sidebar-primary/10 text-sidebar-primary">
            <LayoutDashboardIcon className="size-[1.125rem]" aria-hidden />
          </span>
          <SidebarTitle className="transition-opacity duration-200 group-data-[collapsible=icon]:opacity-0 motion-reduce:transition-none">
            Panel de Control
          </SidebarTitle>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <NavGroup label="Navegación" items={navegacion} />
        {acciones.length > 0 && <NavGroup label="Acciones" items={acciones} />}
      </SidebarContent>
      <SidebarFooter className="border-sidebar-border border-t">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              tooltip="Cerrar sesión"
              className="text-sidebar-foreground/75 hover:bg-destructive/10 hover:text-destructive-strong"
              onClick={() => {
                if (isMobile) setOpenMobile(false);
                void logout();
              }}
            >
              <LogOutIcon aria-hidden />
              <span>Cerrar sesión</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
