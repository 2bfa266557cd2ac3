import type { GrupoAbierto } from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarIcon, LockIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { formatFechaHora } from '@/lib/format-fecha';
import { useEsPropietario } from '../api/get-es-propietario';
import { useGruposAbiertos } from '../api/get-grupos-abiertos';
import { grupoKeys } from '../api/grupo-keys';
import { useCerrarConConfirmacion } from '../hooks/use-cerrar-con-confirmacion';
import { lugaresRestantes, prediccionVigente, ultimosSeis } from '../lib/estado-grupo';
import { ConfirmarCierreDialog } from './confirmar-cierre-dialog';
import { PrediccionDelGrupo } from './prediccion-del-grupo';

export interface PanelDelPropietarioProps {
  productoId: string;
  nombre: string;
  usuarioId: string;
}

/**
 * 'Panel del Propietario' on the product page (spec part 2, section 2), only for the product's
 * owner: its open groups with their progress, when each would fill (decision 052) and 'Cerrar
 * Grupo' with a confirmation; the list scrolls past about 384 px. Live: a new group or a group
 * update in the product's room reloads the list.
 */
export function PanelDelPropietario({ productoId, nombre, usuarioId }: PanelDelPropietarioProps) {
  const { data: esPropietario } = useEsPropietario(productoId, usuarioId);
  if (!esPropietario) return null;
  return <Panel productoId={productoId} nombre={nombre} />;
}

function Panel({ productoId, nombre }: { productoId: string; nombre: string }) {
  const titulo = useId();
  const queryClient = useQueryClient();
  const { data: grupos, isPending, isError, refetch } = useGruposAbiertos(productoId);
  const cierre = useCerrarConConfirmacion<GrupoAbierto>();

  const recargar = () =>
    void queryClient.invalidateQueries({ queryKey: grupoKeys.abiertosDeProducto(productoId) });
  const sala = { kind: 'producto' as const, id: productoId };
  useRealtimeEvent(sala, 'nuevoGrupoCreado', (evento) => {
    if (evento.productoId === productoId) recargar();
  });
  useRealtimeEvent(sala, 'grupoActualizado', recargar);
  useRealtimeEvent(sala, 'grupoCerradoPorVendedor', recargar);
  useRealtimeReconnect(recargar);

  return (
    <section
      aria-labelledby={titulo}
      data-slot="panel-del-propietario"
      className="rounded-2xl border border-primary/20 bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titulo} className="flex items-center gap-2 font-semibold text-lg tracking-tight">
          <ShieldCheckIcon className="size-5 text-primary-strong" aria-hidden />
          Panel del Propietario
        </h2>
        {grupos && (
          <span className="text-muted-foreground text-sm">
            {grupos.length === 1 ? '1 grupo abierto' : `${grupos.length} grupos abiertos`}
          </span>
        )}
      </div>
      {isPending ? (
        <div className="mt-4 grid gap-3" role="status" aria-label="Cargando los grupos abiertos">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : isError ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-destructive-soft px-4 py-3 text-sm">
          <p>No se pudieron cargar los grupos abiertos.</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void refetch()}>
            Reintentar
          </Button>
        </div>
      ) : grupos.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          No hay grupos abiertos para este producto.
        </p>
      ) : (
        <ul
          aria-labelledby={titulo}
          data-slot="grupos-abiertos"
          className="mt-4 grid max-h-96 gap-3 overflow-y-auto overscroll-contain pr-1"
        >
          {grupos.map((grupo) => (
            <GrupoAbiertoItem key={grupo._id} grupo={grupo} onCerrar={() => cierre.pedir(grupo)} />
          ))}
        </ul>
      )}
      {cierre.pendiente && (
        <ConfirmarCierreDialog
          open
          onOpenChange={(open) => {
            if (!open) cierre.cancelar();
          }}
          nombre={nombre}
          lugaresOcupados={cierre.pendiente.lugaresOcupados}
          lugaresNecesarios={cierre.pendiente.lugaresNecesarios}
          cerrando={cierre.cerrando}
          onConfirmar={cierre.confirmar}
        />
      )}
    </section>
  );
}

function GrupoAbiertoItem({ grupo, onCerrar }: { grupo: GrupoAbierto; onCerrar: () => void }) {
  const nombre = `Grupo #${ultimosSeis(grupo._id)}`;
  const restantes = lugaresRestantes(grupo);
  return (
    <li
      data-slot="grupo-abierto"
      aria-label={nombre}
      className="rounded-xl border border-border/70 bg-background p-3.5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold text-sm">
            <UsersIcon className="size-4 text-primary-strong" aria-hidden />
            {nombre}
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-muted-foreground text-xs">
            <CalendarIcon className="size-3.5" aria-hidden />
            <time dateTime={grupo.fechaCreacion}>{formatFechaHora(grupo.fechaCreacion)}</time>
          </p>
        </div>
        <Button type="button" size="sm" variant="outline" onClick={onCerrar}>
          <LockIcon aria-hidden />
          Cerrar Grupo
        </Button>
      </div>
      <div className="mt-3 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium tabular-nums">
          {grupo.lugaresOcupados} / {grupo.lugaresNecesarios} lugares
        </span>
        <span className="text-muted-foreground text-xs">
          {restantes > 0 ? `Faltan ${restantes}` : 'Completo'}
        </span>
      </div>
      <Progress
        value={Math.min(grupo.lugaresOcupados, grupo.lugaresNecesarios)}
        max={grupo.lugaresNecesarios}
        aria-label={`Lugares ocupados del ${nombre}`}
        className="mt-2"
      />
      <PrediccionDelGrupo prediccion={prediccionVigente(grupo)} className="mt-2" />
    </li>
  );
}
