import { TIPOS_DE_AVISO, type TipoDeAviso } from '@compra-grupal/contracts';
import { RotateCwIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useEsVendedor } from '@/lib/session/es-vendedor';
import { cn } from '@/lib/utils';
import { useGuardarPreferenciaDeAviso, usePreferenciasDeAviso } from '../api/preferencias';

const TIPOS = Object.entries(TIPOS_DE_AVISO) as [
  TipoDeAviso,
  (typeof TIPOS_DE_AVISO)[TipoDeAviso],
][];

function Interruptor({
  encendido,
  deshabilitado,
  etiqueta,
  descripcion,
  onCambiar,
}: {
  encendido: boolean;
  deshabilitado: boolean;
  etiqueta: string;
  /** The id of the note that describes it. */
  descripcion?: string;
  onCambiar: (valor: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={encendido}
      aria-label={`Correo: ${etiqueta}`}
      {...(descripcion ? { 'aria-describedby': descripcion } : {})}
      disabled={deshabilitado}
      onClick={() => onCambiar(!encendido)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45 disabled:cursor-not-allowed disabled:opacity-60',
        encendido ? 'bg-primary' : 'bg-muted-foreground/30',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
          encendido ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

/**
 * Email on or off per kind of notification: the shopper's kinds, and the seller's too for a
 * store owner. Essential kinds are always emailed: shown on and disabled.
 */
export function AvisosPreferencias({
  usuarioId,
  open,
  onOpenChange,
}: {
  usuarioId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preferencias = usePreferenciasDeAviso(usuarioId, { enabled: open });
  const guardar = useGuardarPreferenciaDeAviso(usuarioId);
  const esVendedor = useEsVendedor(usuarioId).data?.esVendedor ?? false;
  const idBase = useId();
  const tipos = TIPOS.filter(([, t]) => t.destinatario === 'comprador' || esVendedor);

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Preferencias de notificaciones"
      description="Elegí de qué querés recibir también un correo. En la campana te avisamos siempre."
    >
      {preferencias.isPending ? (
        <div className="grid gap-3" role="status">
          <span className="sr-only">Cargando preferencias…</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : preferencias.isError ? (
        <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
          <p className="text-sm">No pudimos cargar tus preferencias.</p>
          <Button variant="outline" size="sm" onClick={() => preferencias.refetch()}>
            <RotateCwIcon aria-hidden />
            Reintentar
          </Button>
        </div>
      ) : (
        <ul className="grid gap-1">
          {tipos.map(([tipo, { nombre, esencial }]) => {
            const nota = esencial ? 'Siempre te avisamos por correo' : undefined;
            const notaId = `${idBase}-${tipo}`;
            return (
              <li key={tipo} className="flex items-center justify-between gap-4 py-2">
                <span className="grid">
                  <span className="font-medium text-sm">{nombre}</span>
                  {nota && (
                    <span id={notaId} className="text-muted-foreground text-xs">
                      {nota}
                    </span>
                  )}
                </span>
                <Interruptor
                  etiqueta={nombre}
                  {...(nota ? { descripcion: notaId } : {})}
                  encendido={esencial || (preferencias.data.email[tipo] ?? true)}
                  deshabilitado={esencial || guardar.isPending}
                  onCambiar={(email) =>
                    guardar.mutate(
                      { tipo, email },
                      {
                        onError: () =>
                          toast({
                            title: 'No se pudo guardar la preferencia',
                            description: 'Revisá tu conexión e intentá de nuevo.',
                            variant: 'destructive',
                          }),
                      },
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </ResponsiveDialog>
  );
}
