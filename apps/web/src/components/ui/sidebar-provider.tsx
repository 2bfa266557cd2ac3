import { MenuIcon, PanelLeftIcon } from 'lucide-react';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  HEADER_HEIGHT,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
} from '@/config/ui';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { cn } from '@/lib/utils';

/*
 * The part of the side panel every page needs (state, provider, trigger, inset), apart from
 * the panel itself (sidebar.tsx): the panel, its sheet and its tooltips only load for users
 * who are logged in.
 */

export const SIDEBAR_ID = 'panel-lateral';

export type SidebarState = 'expanded' | 'collapsed';

export interface SidebarContextValue {
  state: SidebarState;
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar se usa dentro de un SidebarProvider.');
  return context;
}

/** The remembered desktop state (expanded or not), if any. */
function readSidebarCookie(): boolean | undefined {
  const entry = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!entry) return undefined;
  const value = entry.slice(SIDEBAR_COOKIE_NAME.length + 1);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this state in a cookie for 7 days.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

export function SidebarProvider({
  defaultOpen,
  className,
  style,
  children,
  ...props
}: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(defaultOpen ?? true);
  // Read after the first render, so a page rendered on the server (where there is no cookie to
  // read) hydrates as it was drawn; before the browser paints, so the panel never flickers.
  useLayoutEffect(() => {
    if (defaultOpen !== undefined) return;
    const recordado = readSidebarCookie();
    if (recordado !== undefined) setOpenState(recordado);
  }, [defaultOpen]);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Leaving the mobile layout closes the sheet.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            '--header-height': HEADER_HEIGHT,
            ...style,
          } as CSSProperties
        }
        className={cn('group/sidebar-wrapper flex min-h-svh w-full flex-col', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** Opens the sheet on mobile ('Abrir menú'); collapses or expands the panel on desktop. */
export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<'button'>) {
  const { isMobile, open, openMobile, toggleSidebar } = useSidebar();
  const Icon = isMobile ? MenuIcon : PanelLeftIcon;
  return (
    <button
      type="button"
      data-slot="sidebar-trigger"
      aria-label={isMobile ? 'Abrir menú' : 'Alternar panel'}
      aria-expanded={isMobile ? openMobile : open}
      aria-controls={isMobile ? undefined : SIDEBAR_ID}
      title={isMobile ? undefined : 'Alternar panel (Ctrl+B)'}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground',
        'transition-colors hover:bg-accent hover:text-foreground motion-reduce:transition-none',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn('relative flex min-w-0 flex-1 flex-col', className)}
      {...props}
    />
  );
}
