import { TIPOS_DE_AVISO, type TipoDeAviso } from '@compra-grupal/contracts';
import { RotateCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useEsVendedor } from '@/lib/session/es-vendedor';
import { cn } from '@/lib/utils';
import { useGuardarPreferenciaDeAviso, usePreferenciasDeAviso } from '../api/preferencias';
import { useEsteDispositivo } from '../hooks/use-este-dispositivo';

const TIPOS = Object.entries(TIPOS_DE_AVISO) as [
  TipoDeAviso,
  (typeof TIPOS_DE_AVISO)[TipoDeAviso],
][];

/** The switches' columns. */
const CANALES = { email: 'Correo', push: 'En este dispositivo' } as const;

/** What the device column says of this browser (docs/decisions/055), when it says something. */
const NOTA_DEL_DISPOSITIVO: Partial<Record<string, string>> = {
  'no-soportado':
    'Este navegador no puede mostrar avisos de Compra Grupal. En iPhone, agregá la app a la pantalla de inicio y abrila desde ahí.',
  'no-disponible': 'Los avisos en este dispositivo no están disponibles por ahora.',
  bloqueado:
    'Bloqueaste las notificaciones de Compra Grupal en este navegador. Para recibirlas, permitilas en la configuración del sitio y volvé a abrir las preferencias.',
  'sin-suscribir': 'Al activar un aviso en este dispositivo, el navegador te va a pedir permiso.',
};

function Interruptor({
  canal,
  encendido,
  deshabilitado,
  etiqueta,
  descripcion,
  onCambiar,
}: {
  canal: keyof typeof CANALES;
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
      aria-label={`${CANALES[canal]}: ${etiqueta}`}
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

/** The grid of one row: the kind, then one column per channel. */
const FILA =
  'grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] items-center gap-x-2 sm:grid-cols-[minmax(0,1fr)_5.5rem_5.5rem]';

/**
 * Per kind of notification, its email and its notice on this device (Web Push, decision 055)
 * on or off: the shopper's kinds, and the seller's too for a store owner. Essential kinds are
 * always emailed: shown on and disabled. The first device switch turned on asks the browser's
 * permission and subscribes this browser.
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
  const dispositivo = useEsteDispositivo(open);
  const [activando, setActivando] = useState(false);
  const idBase = useId();
  const tipos = TIPOS.filter(([, t]) => t.destinatario === 'comprador' || esVendedor);
  const notaDelDispositivo = NOTA_DEL_DISPOSITIVO[dispositivo.estado];
  const dispositivoUsable =
    dispositivo.estado === 'sin-suscribir' || dispositivo.estado === 'suscripto';

  const noSeGuardo = () =>
    toast({
      title: 'No se pudo guardar la preferencia',
      description: 'Revisá tu conexión e intentá de nuevo.',
      variant: 'destructive',
    });

  async function cambiarEnDispositivo(tipo: TipoDeAviso, valor: boolean) {
    if (valor && dispositivo.estado !== 'suscripto') {
      setActivando(true);
      try {
        await dispositivo.activar();
      } catch (error) {
        const permiso = error instanceof Error && error.name === 'PermisoNoConcedido';
        const bloqueado = permiso && (error as { bloqueado?: boolean }).bloqueado === true;
        toast({
          title: 'No se activaron los avisos en este dispositivo',
          description: bloqueado
            ? 'Bloqueaste las notificaciones de Compra Grupal en este navegador. Para recibirlas, permitilas en la configuración del sitio.'
            : permiso
              ? 'Para recibirlos, aceptá las notificaciones cuando el navegador te pregunte.'
              : 'No pudimos suscribir este navegador. Recargá la página e intentá de nuevo.',
          variant: 'destructive',
        });
        return;
      } finally {
        setActivando(false);
      }
    }
    guardar.mutate({ tipo, canal: 'push', valor }, { onError: noSeGuardo });
  }

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Preferencias de notificaciones"
      description="Elegí de qué querés recibir también un correo o un aviso en este dispositivo. En la campana te avisamos siempre."
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
        <div className="grid gap-3">
          {notaDelDispositivo && (
            <p
              role="status"
              className="rounded-md bg-muted px-3 py-2 text-muted-foreground text-xs leading-relaxed"
            >
              {notaDelDispositivo}
            </p>
          )}
          <div>
            {/* The columns' names, kept in sight while the list scrolls; each switch says its own. */}
            <div
              aria-hidden
              className={cn(
                FILA,
                'sticky top-0 z-10 border-b bg-popover py-2 text-center font-medium text-muted-foreground text-xs leading-tight',
              )}
            >
              <span />
              <span>{CANALES.email}</span>
              <span>{CANALES.push}</span>
            </div>
            <ul className="grid">
              {tipos.map(([tipo, { nombre, esencial }]) => {
                const nota = esencial ? 'Siempre te avisamos por correo' : undefined;
                const notaId = `${idBase}-${tipo}`;
                return (
                  <li key={tipo} className={cn(FILA, 'py-2')}>
                    <span className="grid min-w-0">
                      <span className="font-medium text-sm">{nombre}</span>
                      {nota && (
                        <span id={notaId} className="text-muted-foreground text-xs">
                          {nota}
                        </span>
                      )}
                    </span>
                    <span className="grid justify-items-center">
                      <Interruptor
                        canal="email"
                        etiqueta={nombre}
                        {...(nota ? { descripcion: notaId } : {})}
                        encendido={esencial || (preferencias.data.email[tipo] ?? true)}
                        deshabilitado={esencial || guardar.isPending}
                        onCambiar={(valor) =>
                          guardar.mutate({ tipo, canal: 'email', valor }, { onError: noSeGuardo })
                        }
                      />
                    </span>
                    <span className="grid justify-items-center">
                      <Interruptor
                        canal="push"
                        etiqueta={nombre}
                        encendido={
                          dispositivo.estado === 'suscripto' &&
                          (preferencias.data.push[tipo] ?? false)
                        }
                        deshabilitado={!dispositivoUsable || activando || guardar.isPending}
                        onCambiar={(valor) => void cambiarEnDispositivo(tipo, valor)}
                      />
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      )}
    </ResponsiveDialog>
  );
}
