import type { GrupoParaAdmin } from '@compra-grupal/contracts';
import {
  BanIcon,
  CalendarClockIcon,
  CalendarIcon,
  InboxIcon,
  Loader2Icon,
  StoreIcon,
  UsersRoundIcon,
  WalletIcon,
} from 'lucide-react';
import { useState } from 'react';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formatPrecio } from '@/lib/format-currency';
import { formatFechaHora } from '@/lib/format-fecha';
import { useCancelarGrupo } from '../api/cancelar-grupo';
import { useGruposParaAdmin } from '../api/get-grupos-para-admin';
import { textoCancelacion } from '../lib/reembolso';
import { AccesoDenegado } from './acceso-denegado';
import { RevisionSkeleton } from './revision-skeleton';

/**
 * The product team's open groups (admins only): product, store, places, participants, deadline
 * and what a cancellation refunds; 'Cancelar grupo' asks first, stating the refund, and answers
 * with the server's message.
 */
export function GruposAdmin() {
  const { data: grupos, isError, error, refetch, isFetching } = useGruposParaAdmin();
  const cancelar = useCancelarGrupo();
  const [aCancelar, setACancelar] = useState<GrupoParaAdmin | null>(null);

  const confirmar = () => {
    const grupo = aCancelar;
    if (!grupo) return;
    cancelar.mutate(grupo._id, {
      onSuccess: ({ mensaje }) =>
        toast({
          title: mensaje,
          description: `El grupo de ${grupo.productoNombre} fue cancelado.`,
        }),
      onSettled: () => setACancelar(null),
    });
  };

  if (isError && error instanceof ApiError && error.status === 403) return <AccesoDenegado />;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex items-start gap-3.5">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
          <UsersRoundIcon className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Grupos de compra</h1>
          <p className="mt-1 text-pretty text-muted-foreground">
            Los grupos abiertos del marketplace. Al cancelar uno, cada participante recibe el
            reembolso de lo que pagó.
          </p>
        </div>
      </header>

      <section aria-label="Grupos abiertos" aria-busy={isFetching} className="mt-6">
        {grupos ? (
          grupos.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
              <span className="grid size-12 place-items-center rounded-xl bg-secondary text-secondary-foreground">
                <InboxIcon className="size-6" aria-hidden />
              </span>
              <p className="mt-4 font-semibold">No hay grupos abiertos</p>
              <p className="mt-1 max-w-sm text-pretty text-muted-foreground text-sm">
                Cuando alguien se sume a un producto, su grupo va a aparecer aquí.
              </p>
            </div>
          ) : (
            <ul
              aria-label="Grupos abiertos"
              className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2"
            >
              {grupos.map((grupo) => (
                <li key={grupo._id}>
                  <GrupoAdminCard
                    grupo={grupo}
                    ocupado={cancelar.isPending && cancelar.variables === grupo._id}
                    onCancelar={() => setACancelar(grupo)}
                  />
                </li>
              ))}
            </ul>
          )
        ) : isError ? (
          <ErrorView
            title="No se pudieron cargar los grupos"
            headingLevel="h2"
            onRetry={() => void refetch()}
          >
            Revisa tu conexión e inténtalo de nuevo.
          </ErrorView>
        ) : (
          <RevisionSkeleton cantidad={2} />
        )}
      </section>

      <ResponsiveDialog
        open={aCancelar !== null}
        onOpenChange={(open) => {
          if (!open && !cancelar.isPending) setACancelar(null);
        }}
        title="¿Cancelar este grupo?"
        description={aCancelar ? textoCancelacion(aCancelar) : undefined}
        className="sm:max-w-md"
      >
        {aCancelar && (
          <p className="text-muted-foreground text-sm">
            Grupo de <span className="font-medium text-foreground">{aCancelar.productoNombre}</span>{' '}
            ({aCancelar.tiendaNombre}).
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={cancelar.isPending}
            onClick={() => setACancelar(null)}
          >
            Volver
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={cancelar.isPending}
            aria-busy={cancelar.isPending || undefined}
            onClick={confirmar}
          >
            {cancelar.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <BanIcon aria-hidden />
            )}
            {cancelar.isPending ? 'Cancelando…' : 'Sí, cancelar grupo'}
          </Button>
        </div>
      </ResponsiveDialog>
    </div>
  );
}

function GrupoAdminCard({
  grupo,
  ocupado,
  onCancelar,
}: {
  grupo: GrupoParaAdmin;
  ocupado: boolean;
  onCancelar: () => void;
}) {
  const titulo = `grupo-admin-${grupo._id}`;
  return (
    <article
      aria-labelledby={titulo}
      className="flex h-full flex-col rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
    >
      <h2 id={titulo} className="font-semibold text-lg leading-snug wrap-anywhere">
        {grupo.productoNombre}
      </h2>
      <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
        <StoreIcon className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate" title={grupo.tiendaNombre}>
          {grupo.tiendaNombre}
        </span>
      </p>

      <div className="mt-4">
        <div className="flex items-baseline justify-between text-sm">
          <span className="text-muted-foreground">Lugares</span>
          <span className="font-semibold tabular-nums">
            {grupo.lugaresOcupados} / {grupo.lugaresNecesarios}
          </span>
        </div>
        <Progress
          value={Math.min(grupo.lugaresOcupados, grupo.lugaresNecesarios)}
          max={grupo.lugaresNecesarios}
          aria-label={`Lugares ocupados del grupo de ${grupo.productoNombre}`}
          className="mt-1.5 h-1.5"
        />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <UsersRoundIcon className="size-3.5" aria-hidden />
            Participantes
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{grupo.participantes}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <WalletIcon className="size-3.5" aria-hidden />A reembolsar
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">
            {formatPrecio(grupo.montoAReembolsar)}
          </dd>
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
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <CalendarClockIcon className="size-3.5" aria-hidden />
            Cierra
          </dt>
          <dd className="mt-0.5 font-medium">
            {grupo.fechaLimite ? (
              <time dateTime={grupo.fechaLimite}>{formatFechaHora(grupo.fechaLimite)}</time>
            ) : (
              <span className="text-muted-foreground">Sin plazo</span>
            )}
          </dd>
        </div>
      </dl>

      <div className="mt-auto flex justify-end pt-4">
        <Button
          type="button"
          variant="outline"
          className="w-full border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive sm:w-auto"
          disabled={ocupado}
          onClick={onCancelar}
        >
          <BanIcon aria-hidden />
          Cancelar grupo
        </Button>
      </div>
    </article>
  );
}
