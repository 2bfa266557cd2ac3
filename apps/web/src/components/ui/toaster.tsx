import { type CSSProperties, useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { HEADER_HEIGHT, TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/ui';
import { toasterMounted } from './toast';
import { TOAST_TOP_VAR } from './toasts-debajo-de';

/*
 * Where a toast never covers what a person presses next: at the top centre, just below the top
 * bar, at every width, or below a wizard's header while one is open, full-screen
 * or the checkout's (useToastsDebajoDe). The bottom holds the buy bar, the floating cart button
 * and the forms' main buttons, and the top corners hold the location and account controls. On a
 * phone the open side panel fills the screen's height: while it is open no toast shows
 * (retenerAvisos, from Sidebar).
 */
const BELOW_TOP_BAR = { top: `var(${TOAST_TOP_VAR}, calc(${HEADER_HEIGHT} + 0.5rem))` };
const MOBILE_OFFSET = { ...BELOW_TOP_BAR, left: 12, right: 12 };

/** Loaded by <ToasterHost> with the first toast; toasts are shown through `toast()` in ./toast. */
export function Toaster() {
  // Runs after Sonner's own effects, so it already listens when toast() goes on.
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position="top-center"
      offset={BELOW_TOP_BAR}
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
          '--error-text': 'oklch(0.444 0.177 26.9)',
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
