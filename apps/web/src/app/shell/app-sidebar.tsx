import { HouseIcon, LayoutDashboardIcon } from 'lucide-react';
import { Sidebar, SidebarContent, SidebarHeader, SidebarTitle } from '@/components/ui/sidebar';
import { NavGroup, type NavItem } from './nav-group';

const navegacion: readonly NavItem[] = [{ title: 'Inicio', to: '/', icon: HouseIcon }];

/**
 * The side panel 'Panel de Control' (spec part 1, section 2), shown only with a stored access
 * token. 'Navegación' is fixed. 'Acciones' depends on the user's roles (spec section 6): the
 * roles issue passes those items in; while roles load (or before that issue) the list is empty
 * and the group stays hidden.
 */
export function AppSidebar({ acciones = [] }: { acciones?: readonly NavItem[] }) {
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
    </Sidebar>
  );
}
