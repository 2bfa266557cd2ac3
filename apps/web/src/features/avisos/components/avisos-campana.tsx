import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { type ComponentProps, type CSSProperties, forwardRef, useState } from 'react';
import { Drawer, DrawerContent, DrawerHeader, DrawerTitle } from '@/components/ui/drawer';
import { HEADER_HEIGHT } from '@/config/ui';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { useSession } from '@/lib/session/use-session';
import { cn } from '@/lib/utils';
import { avisosKeys } from '../api/avisos-keys';
import { agregarAvisoNuevo, noLeidosDe, useAvisos } from '../api/get-avisos';
import { AvisosLista } from './avisos-lista';
import { AvisosPreferencias } from './avisos-preferencias';

/** What the bell is named by: 'Notificaciones, 3 sin leer'. */
export function etiquetaDeCampana(noLeidos: number): string {
  return noLeidos > 0 ? `Notificaciones, ${noLeidos} sin leer` : 'Notificaciones';
}

const BotonCampana = forwardRef<HTMLButtonElement, ComponentProps<'button'> & { noLeidos: number }>(
  function BotonCampana({ noLeidos, className, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        data-slot="avisos-campana"
        aria-label={etiquetaDeCampana(noLeidos)}
        className={cn(
          'relative grid size-10 shrink-0 place-items-center rounded-full text-foreground transition-colors hover:bg-accent data-[state=open]:bg-accent',
          'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
          className,
        )}
        {...props}
      >
        <BellIcon className="size-5" aria-hidden />
        {noLeidos > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 font-bold text-[0.7rem] text-primary-foreground tabular-nums ring-2 ring-background"
          >
            {noLeidos > 99 ? '99+' : noLeidos}
          </span>
        )}
      </button>
    );
  },
);

/**
 * The top bar's bell (issue 25, docs/decisions/041): the unread count, live over the socket
 * (`avisoNuevo`, `avisosLeidos` from the user's other tabs, a reload after a reconnection),
 * and the list: a panel under the bell on wide screens, a drawer on phones.
 */
export function AvisosCampana() {
  const { usuarioId } = useSession();
  return usuarioId ? <Campana usuarioId={usuarioId} /> : null;
}

function Campana({ usuarioId }: { usuarioId: string }) {
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const avisos = useAvisos(usuarioId);
  const noLeidos = noLeidosDe(avisos.data);
  const [abierta, setAbierta] = useState(false);
  const [preferencias, setPreferencias] = useState(false);

  const recargar = () => queryClient.invalidateQueries({ queryKey: avisosKeys.lista(usuarioId) });
  useRealtimeEvent(null, 'avisoNuevo', (nuevo) => {
    if (queryClient.getQueryData(avisosKeys.lista(usuarioId))) {
      agregarAvisoNuevo(queryClient, usuarioId, nuevo);
    } else {
      void recargar();
    }
  });
  // Read in another tab or device: which ones is not said, so the list is asked again.
  useRealtimeEvent(null, 'avisosLeidos', () => void recargar());
  // What was sent while the connection was down was missed.
  useRealtimeReconnect(() => void recargar());

  const abrirPreferencias = () => {
    setAbierta(false);
    setPreferencias(true);
  };
  const lista = (
    <AvisosLista
      usuarioId={usuarioId}
      onNavegar={() => setAbierta(false)}
      onPreferencias={abrirPreferencias}
    />
  );

  return (
    <>
      {isMobile ? (
        <>
          <BotonCampana noLeidos={noLeidos} onClick={() => setAbierta(true)} />
          <Drawer open={abierta} onOpenChange={setAbierta}>
            <DrawerContent aria-describedby={undefined}>
              <DrawerHeader>
                <DrawerTitle>Notificaciones</DrawerTitle>
              </DrawerHeader>
              <div className="flex min-h-0 flex-col px-2 pb-4">{lista}</div>
            </DrawerContent>
          </Drawer>
        </>
      ) : (
        <DialogPrimitive.Root open={abierta} onOpenChange={setAbierta} modal={false}>
          <DialogPrimitive.Trigger asChild>
            <BotonCampana noLeidos={noLeidos} />
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Content
              aria-describedby={undefined}
              data-slot="avisos-panel"
              // Portalled to <body>, outside the shell that sets the variable.
              style={{ '--header-height': HEADER_HEIGHT } as CSSProperties}
              className={cn(
                'fixed top-[calc(var(--header-height)+0.5rem)] right-3 z-50 flex max-h-[min(36rem,calc(100svh-var(--header-height)-1.5rem))] w-[min(26rem,calc(100vw-1.5rem))] flex-col gap-2',
                'rounded-2xl border border-border/70 bg-popover p-3 text-popover-foreground shadow-xl outline-none',
                'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
              )}
            >
              <DialogPrimitive.Title className="px-2 pt-1 font-semibold text-base">
                Notificaciones
              </DialogPrimitive.Title>
              {lista}
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      )}
      <AvisosPreferencias
        usuarioId={usuarioId}
        open={preferencias}
        onOpenChange={setPreferencias}
      />
    </>
  );
}
