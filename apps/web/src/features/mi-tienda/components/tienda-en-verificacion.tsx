import { CONSTANTES } from '@compra-grupal/contracts';
import { BellRingIcon, ClockIcon, RotateCwIcon, ShieldCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { PantallaDestacada } from './pantalla-destacada';

/**
 * A store waiting for the product team's review (spec part 2, section 2). It listens for
 * `tiendaHabilitada` in the user's own room: when the team enables the store, `onHabilitada`
 * checks the status again and the panel replaces this screen without a reload; so does a
 * reconnection (the event may have been sent while the connection was down).
 */
export function TiendaEnVerificacion({
  onHabilitada,
  onActualizar,
  actualizando,
}: {
  onHabilitada: () => void;
  onActualizar: () => void;
  actualizando: boolean;
}) {
  useRealtimeEvent(null, 'tiendaHabilitada', () => {
    toast({
      title: '¡Tu tienda fue habilitada!',
      description: 'Ya puedes cargar productos y empezar a vender.',
    });
    onHabilitada();
  });

  // The enablement may have been sent while the connection was down: check the status again.
  useRealtimeReconnect(onActualizar);

  return (
    <PantallaDestacada
      icon={ShieldCheckIcon}
      tono="espera"
      badge={
        <Badge variant="highlight">
          <ClockIcon aria-hidden />
          En revisión
        </Badge>
      }
      title="Tienda en proceso de verificación"
      description={
        <p>
          Nuestro equipo está revisando tu tienda y te avisaremos cuando esté habilitada. Puede
          demorar hasta {CONSTANTES.verificacionTiendaMinutos} minutos.
        </p>
      }
    >
      <div className="mt-6 flex items-start gap-3 rounded-xl border border-highlight/30 bg-highlight-soft/60 p-4">
        <BellRingIcon className="mt-0.5 size-5 shrink-0 text-highlight-foreground" aria-hidden />
        <p className="text-pretty text-sm">
          No hace falta que recargues: esta pantalla cambia sola en cuanto tu tienda esté activa.
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        className="mt-6"
        disabled={actualizando}
        onClick={onActualizar}
      >
        <RotateCwIcon className={actualizando ? 'animate-spin' : undefined} aria-hidden />
        Consultar estado
      </Button>
    </PantallaDestacada>
  );
}
