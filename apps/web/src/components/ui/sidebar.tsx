import { Slot } from '@radix-ui/react-slot';
import { type ComponentProps, type CSSProperties, type ReactNode, useEffect } from 'react';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { SIDEBAR_KEYBOARD_SHORTCUT, SIDEBAR_WIDTH_MOBILE } from '@/config/ui';
import { cn } from '@/lib/utils';
import { SIDEBAR_ID, useSidebar } from './sidebar-provider';
import { retenerAvisos } from './toast';

export { useSidebar } from './sidebar-provider';

/**
 * The side panel; its menu tooltips share one provider (700 ms delay, then Radix's skip delay
 * between items). Desktop: a fixed column below the top bar that collapses to an icon rail
 * (Ctrl/Cmd+B). Mobile: a sheet from the left opened by SidebarTrigger.
 */
export function Sidebar({
  label,
  className,
  children,
}: {
  /** Accessible name of the panel. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { isMobile, state, openMobile, setOpenMobile, toggleSidebar } = useSidebar();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        !event.shiftKey
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  // On a phone the open panel fills the screen's height: no toast sits over its items.
  const cubreLosAvisos = isMobile && openMobile;
  useEffect(() => (cubreLosAvisos ? retenerAvisos() : undefined), [cubreLosAvisos]);

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          data-slot="sidebar"
          data-sidebar="sidebar"
          data-mobile="true"
          aria-describedby={undefined}
          showCloseButton
          // Opening it puts the keyboard on its first item, not on the panel's chrome.
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-slot="sidebar-menu-button"]',
            );
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
          className={cn(
            'w-(--sidebar-width) max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground',
            className,
          )}
        >
          <div className="flex h-full w-full flex-col">
            <TooltipProvider>{children}</TooltipProvider>
          </div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div
      data-slot="sidebar"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-mobile="false"
      className="group peer hidden text-sidebar-foreground md:block"
    >
      <div
        data-slot="sidebar-gap"
        className="relative h-full w-(--sidebar-width) transition-[width] duration-200 ease-out group-data-[collapsible=icon]:w-(--sidebar-width-icon) motion-reduce:transition-none"
      />
      <aside
        id={SIDEBAR_ID}
        aria-label={label}
        data-slot="sidebar-container"
        className={cn(
          'fixed top-(--header-height) bottom-0 left-0 z-20 hidden w-(--sidebar-width) border-sidebar-border border-r md:flex',
          'transition-[width] duration-200 ease-out group-data-[collapsible=icon]:w-(--sidebar-width-icon) motion-reduce:transition-none',
          className,
        )}
      >
        <div data-sidebar="sidebar" className="flex h-full w-full flex-col bg-sidebar">
          <TooltipProvider>{children}</TooltipProvider>
        </div>
      </aside>
    </div>
  );
}

/** The panel title; on mobile it also names the sheet dialog. */
export function SidebarTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { isMobile } = useSidebar();
  const classes = cn('truncate font-semibold text-sm tracking-tight', className);
  if (isMobile) {
    return (
      <SheetTitle asChild>
        <h2 data-slot="sidebar-title" className={classes} {...props} />
      </SheetTitle>
    );
  }
  return <h2 data-slot="sidebar-title" className={classes} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-header"
      className={cn('flex flex-col gap-2 p-2', className)}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-footer"
      className={cn('mt-auto flex flex-col gap-2 p-2', className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto overflow-x-hidden group-data-[collapsible=icon]:overflow-hidden',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({
  className,
  asChild = false,
  ...props
}: ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp
      data-slot="sidebar-group"
      className={cn('relative flex w-full min-w-0 flex-col p-2', className)}
      {...props}
    />
  );
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 font-semibold text-[0.7rem] text-sidebar-foreground/75 uppercase tracking-wider',
        'transition-[margin,opacity] duration-200 ease-out motion-reduce:transition-none',
        'group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroupContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-group-content" className={cn('w-full', className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="sidebar-menu"
      className={cn('flex w-full min-w-0 flex-col gap-1', className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & {
  asChild?: boolean;
  isActive?: boolean;
  /** Shown beside the item while the panel is collapsed to icons. */
  tooltip?: string;
}) {
  const { isMobile, state } = useSidebar();
  const Comp = asChild ? Slot : 'button';

  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(
        'flex h-9 w-full items-center gap-3 overflow-hidden rounded-lg px-2.5 text-left text-sm text-sidebar-foreground/85',
        'outline-none transition-[width,height,padding,background-color,color] duration-150 motion-reduce:transition-none',
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/45',
        'data-[active=true]:bg-sidebar-primary/10 data-[active=true]:font-semibold data-[active=true]:text-sidebar-primary',
        'group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:gap-0 group-data-[collapsible=icon]:p-2!',
        '[&>span:last-child]:truncate [&>svg]:size-[1.125rem] [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );

  // In the mobile drawer labels are always shown: no tooltip, whose focus-opened layer would
  // take the first Escape instead of the drawer.
  if (!tooltip || isMobile) return button;

  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
