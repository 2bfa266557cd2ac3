import { type CSSProperties, useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/ui';
import { toasterMounted } from './toast';

/** Loaded by <ToasterHost> with the first toast; toasts are shown through `toast()` in ./toast. */
export function Toaster() {
  // Runs after Sonner's own effects, so it already listens when toast() goes on.
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position="bottom-right"
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
