import {
  ESTADOS_REVISION,
  type EstadoRevision,
  type TiendaEnRevision,
} from '@compra-grupal/contracts';
import { BanIcon, InboxIcon, Loader2Icon, ShieldCheckIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useDeshabilitarTienda } from '../api/deshabilitar-tienda';
import { useTiendasEnRevision } from '../api/get-tiendas-en-revision';
import { useHabilitarTienda } from '../api/habilitar-tienda';
import { AccesoDenegado } from './acceso-denegado';
import { RevisionSkeleton } from './revision-skeleton';
import { TiendaRevisionCard } from './tienda-revision-card';

const PESTANIAS: Record<EstadoRevision, { label: string; vacio: string; detalle: string }> = {
  pendientes: {
    label: 'Pendientes',
    vacio: 'No hay tiendas pendientes de revisión',
    detalle: 'Cuando alguien cree una tienda nueva, va a aparecer aquí para que la revises.',
  },
  habilitadas: {
    label: 'Habilitadas',
    vacio: 'Todavía no hay tiendas habilitadas',
    detalle: 'Las tiendas que habilites van a aparecer aquí.',
  },
  todas: {
    label: 'Todas',
    vacio: 'Todavía no hay tiendas',
    detalle: 'Cuando los vendedores creen sus tiendas, las vas a ver aquí.',
  },
};

function esEstado(valor: string | null): valor is EstadoRevision {
  return valor !== null && (ESTADOS_REVISION as readonly string[]).includes(valor);
}

/** Pendientes / Habilitadas / Todas, as tabs (arrow keys, Home and End move between them). */
function Pestanias({
  estado,
  onEstado,
  panelId,
  idDe,
}: {
  estado: EstadoRevision;
  onEstado: (estado: EstadoRevision) => void;
  panelId: string;
  idDe: (estado: EstadoRevision) => string;
}) {
  const botones = useRef<Partial<Record<EstadoRevision, HTMLButtonElement | null>>>({});
  const mover = (event: KeyboardEvent) => {
    const actual = ESTADOS_REVISION.indexOf(estado);
    const ultimo = ESTADOS_REVISION.length - 1;
    const destino =
      event.key === 'ArrowRight'
        ? (actual + 1) % ESTADOS_REVISION.length
        : event.key === 'ArrowLeft'
          ? (actual + ultimo) % ESTADOS_REVISION.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? ultimo
              : null;
    if (destino === null) return;
    event.preventDefault();
    const nuevo = ESTADOS_REVISION[destino];
    if (!nuevo) return;
    onEstado(nuevo);
    botones.current[nuevo]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Estado de las tiendas"
      className="inline-flex w-full rounded-xl border border-border/70 bg-muted/60 p-1 sm:w-auto"
    >
      {ESTADOS_REVISION.map((opcion) => {
        const activa = opcion === estado;
        return (
          <button
            key={opcion}
            ref={(boton) => {
              botones.current[opcion] = boton;
            }}
            id={idDe(opcion)}
            type="button"
            role="tab"
            aria-selected={activa}
            aria-controls={panelId}
            tabIndex={activa ? 0 : -1}
            onClick={() => onEstado(opcion)}
            onKeyDown={mover}
            className={cn(
              'flex-1 rounded-lg px-4 py-2 font-medium text-sm transition-colors sm:flex-none',
              'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
              activa
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {PESTANIAS[opcion].label}
          </button>
        );
      })}
    </div>
  );
}

function Vacio({ estado }: { estado: EstadoRevision }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-xl bg-secondary text-secondary-foreground">
        <InboxIcon className="size-6" aria-hidden />
      </span>
      <p className="mt-4 font-semibold">{PESTANIAS[estado].vacio}</p>
      <p className="mt-1 max-w-sm text-pretty text-muted-foreground text-sm">
        {PESTANIAS[estado].detalle}
      </p>
    </div>
  );
}

/**
 * The product team's store review (admins only): the stores by state, each with 'Habilitar' or
 * 'Deshabilitar' (which asks first). Each action answers with the server's message.
 */
export function RevisionTiendas() {
  const id = useId();
  const panelId = `${id}-panel`;
  const idDe = (estado: EstadoRevision) => `${id}-${estado}`;
  const [searchParams, setSearchParams] = useSearchParams();
  const parametro = searchParams.get('estado');
  const estado: EstadoRevision = esEstado(parametro) ? parametro : 'pendientes';
  const {
    data: tiendas,
    isError,
    error,
    refetch,
    isFetching,
    isPlaceholderData,
  } = useTiendasEnRevision(estado);
  const habilitar = useHabilitarTienda();
  const deshabilitar = useDeshabilitarTienda();
  const [aDeshabilitar, setADeshabilitar] = useState<TiendaEnRevision | null>(null);

  const cambiarEstado = (nuevo: EstadoRevision) =>
    setSearchParams(nuevo === 'pendientes' ? {} : { estado: nuevo }, { replace: true });

  const ocupada = (tiendaId: string) =>
    (habilitar.isPending && habilitar.variables === tiendaId) ||
    (deshabilitar.isPending && deshabilitar.variables === tiendaId);

  const onHabilitar = (tienda: TiendaEnRevision) =>
    habilitar.mutate(tienda._id, {
      onSuccess: ({ mensaje }) =>
        toast({ title: mensaje, description: `${tienda.nombre} ya aparece en el marketplace.` }),
    });

  const confirmarDeshabilitar = () => {
    const tienda = aDeshabilitar;
    if (!tienda) return;
    deshabilitar.mutate(tienda._id, {
      onSuccess: ({ mensaje }) =>
        toast({
          title: mensaje,
          description: `${tienda.nombre} dejó de aparecer en el marketplace.`,
        }),
      onSettled: () => setADeshabilitar(null),
    });
  };

  if (isError && error instanceof ApiError && error.status === 403) return <AccesoDenegado />;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-3.5">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
            <ShieldCheckIcon className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Revisión de tiendas</h1>
            <p className="mt-1 text-pretty text-muted-foreground">
              Revisa los datos de cada tienda y habilítala para que aparezca en el marketplace.
            </p>
          </div>
        </div>
        <Pestanias estado={estado} onEstado={cambiarEstado} panelId={panelId} idDe={idDe} />
      </header>

      <section
        id={panelId}
        role="tabpanel"
        aria-labelledby={idDe(estado)}
        aria-busy={isFetching}
        className="mt-6"
      >
        {tiendas ? (
          tiendas.length === 0 && !isPlaceholderData ? (
            <Vacio estado={estado} />
          ) : (
            <ul
              aria-label={`Tiendas ${PESTANIAS[estado].label.toLowerCase()}`}
              className={cn(
                'grid gap-4 transition-opacity',
                isPlaceholderData && 'pointer-events-none opacity-60',
              )}
            >
              {tiendas.map((tienda) => (
                <li key={tienda._id}>
                  <TiendaRevisionCard
                    tienda={tienda}
                    ocupada={ocupada(tienda._id)}
                    onHabilitar={() => onHabilitar(tienda)}
                    onDeshabilitar={() => setADeshabilitar(tienda)}
                  />
                </li>
              ))}
            </ul>
          )
        ) : isError ? (
          <ErrorView
            title="No se pudieron cargar las tiendas"
            headingLevel="h2"
            onRetry={() => void refetch()}
          >
            Revisa tu conexión e inténtalo de nuevo.
          </ErrorView>
        ) : (
          <RevisionSkeleton />
        )}
      </section>

      <ResponsiveDialog
        open={aDeshabilitar !== null}
        onOpenChange={(open) => {
          if (!open && !deshabilitar.isPending) setADeshabilitar(null);
        }}
        title="¿Deshabilitar esta tienda?"
        description={
          aDeshabilitar
            ? `${aDeshabilitar.nombre} dejará de aparecer en el marketplace hasta que la vuelvas a habilitar.`
            : undefined
        }
        className="sm:max-w-md"
      >
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={deshabilitar.isPending}
            onClick={() => setADeshabilitar(null)}
          >
            Cancelar
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={deshabilitar.isPending}
            onClick={confirmarDeshabilitar}
          >
            {deshabilitar.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <BanIcon aria-hidden />
            )}
            {deshabilitar.isPending ? 'Deshabilitando…' : 'Sí, deshabilitar'}
          </Button>
        </div>
      </ResponsiveDialog>
    </div>
  );
}
