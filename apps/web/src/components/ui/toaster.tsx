import { type CSSProperties, useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { HEADER_HEIGHT, TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/ui';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { toasterMounted } from './toast';

/*
 * Where a toast never covers what a person presses next: on phones at the top, just below the
 * top bar (the buy bar, the floating cart button and the forms' main buttons sit low); on wider
 * screens at the bottom right, above the floating cart button (3.5 rem tall, 1.5 rem from the
 * edge).
 */
const BELOW_TOP_BAR = `calc(${HEADER_HEIGHT} + 0.5rem)`;
const MOBILE_OFFSET = { top: BELOW_TOP_BAR, left: 12, right: 12 };
const DESKTOP_OFFSET = { top: BELOW_TOP_BAR, bottom: 'calc(5rem + 0.75rem)', right: 24, left: 24 };

/** Loaded by <ToasterHost> with the first toast; toasts are shown through `toast()` in ./toast. */
export function Toaster() {
  // Runs after Sonner's own effects, so it already listens when toast() goes on.
  useEffect(() => toasterMounted(), []);
  const mobile = useIsMobile();
  return (
    <Sonner
      position={mobile ? 'top-center' : 'bottom-right'}
      offset={DESKTOP_OFFSET}
      mobileOffset={MOBILE_OFFSET}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      containerAriaLabel="Notificaciones"
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--error-bg': 'var(--destructive-soft)',
          '--error-text': 'var(--destructive)',
          '--error-border': 'color-mix(in oklab, var(--destructive) 30%, transparent)',
          '--border-radius': 'var(--radius-lg)',
        } as CSSProperties
      }
      toastOptions={{
        classNames: {
          toast: 'font-sans shadow-lg',
          title: 'font-semibold',
          description: 'text-inherit! opacity-80',
        },
      }}
    />
  );
}
