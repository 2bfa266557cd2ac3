import type { GrupoDeCompra } from '@compra-grupal/contracts';
import { CalendarIcon, LockIcon, PackageIcon, UsersIcon, UsersRoundIcon } from 'lucide-react';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useTiendaIdDelVendedor } from '@/entities/tienda/api/get-tienda-del-vendedor';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatPrecio } from '@/lib/format-currency';
import { formatFechaHora } from '@/lib/format-fecha';
import { useGruposDeTienda } from '../api/get-grupos-de-tienda';
import { useCerrarConConfirmacion } from '../hooks/use-cerrar-con-confirmacion';
import { useGruposDeTiendaEnVivo } from '../hooks/use-grupos-de-tienda-en-vivo';
import { normalizarEstado, prediccionVigente, ultimosSeis } from '../lib/estado-grupo';
import { ConfirmarCierreDialog } from './confirmar-cierre-dialog';
import { EstadoGrupoBadge } from './estado-grupo-badge';
import { GrupoImagen } from './grupo-imagen';
import { PrediccionDelGrupo } from './prediccion-del-grupo';

export const ERROR_GRUPOS = 'No se pudieron cargar los grupos de compra';

export interface GestionGruposProps {
  /** The seller (the user id inside the token). */
  usuarioId: string;
}

/**
 * Gestión de Grupos, Mi Tienda's 'Grupos' (spec part 2, section 2): one card per group of the
 * store with its product, state, price, places, stock, creation date and participants; open
 * groups show when they would fill (decision 052) and offer 'Cerrar Grupo' with 'Confirmar
 * cierre'. Live in the store's and products' rooms.
 */
export function GestionGrupos({ usuarioId }: GestionGruposProps) {
  const tienda = useTiendaIdDelVendedor(usuarioId);
  const tiendaId = tienda.data ?? null;
  const errorTienda = tienda.isError;
  const { data: grupos, isError, errorUpdatedAt, refetch } = useGruposDeTienda(tiendaId);
  const cierre = useCerrarConConfirmacion<GrupoDeCompra>();
  useGruposDeTiendaEnVivo(
    tiendaId,
    (grupos ?? []).map((grupo) => grupo.productoId._id),
  );
  useErrorToast(
    isError ? errorUpdatedAt : tienda.isError ? tienda.errorUpdatedAt : 0,
    'Error',
    ERROR_GRUPOS,
  );

  if (errorTienda || isError) {
    return (
      <ErrorView
        headingLevel="h2"
        title="Error al cargar los grupos"
        onRetry={() => void (errorTienda ? tienda.refetch() : refetch())}
      >
        {ERROR_GRUPOS}. Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
  }
  if (!grupos) return <GestionGruposSkeleton />;
  if (grupos.length === 0) {
    return (
      <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
          <UsersRoundIcon className="size-7" aria-hidden />
        </span>
        <h2 className="mt-5 font-semibold text-xl tracking-tight">No hay grupos de compra</h2>
        <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
          Cuando un comprador se sume a uno de tus productos, su grupo aparecerá aquí.
        </p>
      </div>
    );
  }

  return (
    <>
      <p className="mb-4 text-muted-foreground text-sm" aria-live="polite">
        {grupos.length === 1 ? '1 grupo de compra' : `${grupos.length} grupos de compra`}
      </p>
      <ul
        className="grid animate-rise-in grid-cols-[minmax(0,1fr)] gap-4"
        aria-label="Grupos de compra"
      >
        {grupos.map((grupo) => (
          <GrupoCard key={grupo._id} grupo={grupo} onCerrar={() => cierre.pedir(grupo)} />
        ))}
      </ul>
      {cierre.pendiente && (
        <ConfirmarCierreDialog
          open
          onOpenChange={(open) => {
            if (!open) cierre.cancelar();
          }}
          nombre={cierre.pendiente.productoId.nombre}
          lugaresOcupados={cierre.pendiente.lugaresOcupados}
          lugaresNecesarios={cierre.pendiente.lugaresNecesarios}
          cerrando={cierre.cerrando}
          onConfirmar={cierre.confirmar}
        />
      )}
    </>
  );
}

function GrupoCard({ grupo, onCerrar }: { grupo: GrupoDeCompra; onCerrar: () => void }) {
  const { productoId: producto } = grupo;
  const abierto = normalizarEstado(grupo.estado) === 'abierto';
  const titulo = `grupo-${grupo._id}`;
  return (
    <li
      aria-labelledby={titulo}
      data-slot="grupo-card"
      className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex gap-4">
        <GrupoImagen
          src={producto.imagen}
          alt={producto.nombre}
          className="size-20 shrink-0 rounded-xl border border-border/70 sm:size-24"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2
              id={titulo}
              className="min-w-0 font-semibold text-base leading-snug wrap-anywhere sm:text-lg"
            >
              {producto.nombre}
            </h2>
            <EstadoGrupoBadge estado={grupo.estado} tono="vendedor" />
          </div>
          {producto.descripcion && (
            <p className="mt-1 line-clamp-2 text-muted-foreground text-sm">
              {producto.descripcion}
            </p>
          )}
          <p className="mt-1.5 font-bold text-primary-strong tabular-nums">
            {formatPrecio(producto.precio)}
          </p>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <UsersIcon className="size-3.5" aria-hidden />
            Lugares
          </dt>
          {/* A <dl> group holds only <dt> and <dd>: the bar goes inside the value it draws. */}
          <dd className="mt-0.5 font-semibold tabular-nums">
            {grupo.lugaresOcupados} / {grupo.lugaresNecesarios}
            <Progress
              value={Math.min(grupo.lugaresOcupados, grupo.lugaresNecesarios)}
              max={grupo.lugaresNecesarios}
              aria-label={`Lugares ocupados del grupo de ${producto.nombre}`}
              className="mt-1.5 h-1.5"
            />
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <PackageIcon className="size-3.5" aria-hidden />
            Stock
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{producto.stock}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <CalendarIcon className="size-3.5" aria-hidden />
            Creado
          </dt>
          <dd className="mt-0.5 font-medium">
            <time dateTime={grupo.fechaCreacion}>{formatFechaHora(grupo.fechaCreacion)}</time>
          </dd>
        </div>
      </dl>
      <PrediccionDelGrupo prediccion={prediccionVigente(grupo)} className="mt-3" />

      <div className="mt-4 border-border/70 border-t pt-3">
        <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
          Participantes ({grupo.participantes.length})
        </h3>
        {grupo.participantes.length === 0 ? (
          <p className="mt-1.5 text-muted-foreground text-sm">Todavía no hay participantes.</p>
        ) : (
          <ul
            className="mt-2 flex flex-wrap gap-2"
            aria-label={`Participantes del grupo de ${producto.nombre}`}
          >
            {grupo.participantes.map((participante, indice) => (
              <li
                // A user may appear more than once (several orders).
                // biome-ignore lint/suspicious/noArrayIndexKey: participants have no id of their own.
                key={`${participante.usuarioId}-${indice}`}
                data-slot="participante"
                className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-1 text-secondary-foreground text-xs"
              >
                <span className="font-medium font-mono">
                  Usuario #{ultimosSeis(participante.usuarioId)}
                </span>
                <span aria-hidden>·</span>
                <span className="tabular-nums">
                  {participante.cantidad} {participante.cantidad === 1 ? 'unidad' : 'unidades'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      {abierto && (
        <div className="mt-4 flex justify-end">
          <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={onCerrar}>
            <LockIcon aria-hidden />
            Cerrar Grupo
          </Button>
        </div>
      )}
    </li>
  );
}

function GestionGruposSkeleton() {
  return (
    <div role="status" aria-label="Cargando los grupos de compra" className="grid gap-4">
      {[0, 1, 2].map((n) => (
        <div key={n} className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5">
          <div className="flex gap-4">
            <Skeleton className="size-20 shrink-0 rounded-xl sm:size-24" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-5 w-24" />
            </div>
          </div>
          <div className="mt-4 grid grid-cols-3 gap-4">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      ))}
    </div>
  );
}
