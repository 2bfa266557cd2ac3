import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';

/** An entry of the side panel: a link, or an action (e.g. 'Mis Servicios' shows a toast). */
export type NavItem = { title: string; icon: LucideIcon } & (
  | { to: string }
  | { onSelect: () => void }
);

function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** A labelled group of side-panel entries ('Navegación', 'Acciones'). */
export function NavGroup({ label, items }: { label: string; items: readonly NavItem[] }) {
  const labelId = useId();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const closeMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <SidebarGroup asChild>
      <nav aria-labelledby={labelId}>
        <SidebarGroupLabel id={labelId}>{label}</SidebarGroupLabel>
        <SidebarGroupContent>
          <SidebarMenu>
            {items.map((item) => (
              <SidebarMenuItem key={item.title}>
                {'to' in item ? (
                  <SidebarMenuButton
                    asChild
                    isActive={isActivePath(pathname, item.to)}
                    tooltip={item.title}
                  >
                    <NavLink to={item.to} end={item.to === '/'} onClick={closeMobile}>
                      <item.icon aria-hidden />
                      <span>{item.title}</span>
                    </NavLink>
                  </SidebarMenuButton>
                ) : (
                  <SidebarMenuButton
                    tooltip={item.title}
                    onClick={() => {
                      closeMobile();
                      item.onSelect();
                    }}
                  >
                    <item.icon aria-hidden />
                    <span>{item.title}</span>
                  </SidebarMenuButton>
                )}
              </SidebarMenuItem>
            ))}
          </SidebarMenu>
        </SidebarGroupContent>
      </nav>
    </SidebarGroup>
  );
}
