import {
  ESTADOS_REVISION,
  type EstadoRevision,
  MOTIVO_RECHAZO_MAX,
  type TiendaEnRevision,
} from '@compra-grupal/contracts';
import { BanIcon, InboxIcon, Loader2Icon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
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
  const [motivo, setMotivo] = useState('');

  const cambiarEstado = (nuevo: string) => {
    if (!esEstado(nuevo)) return;
    setSearchParams(nuevo === 'pendientes' ? {} : { estado: nuevo }, { replace: true });
  };

  const ocupada = (tiendaId: string) =>
    (habilitar.isPending && habilitar.variables === tiendaId) ||
    (deshabilitar.isPending && deshabilitar.variables?.tiendaId === tiendaId);

  const onHabilitar = (tienda: TiendaEnRevision) =>
    habilitar.mutate(tienda._id, {
      onSuccess: ({ mensaje }) =>
        toast({ title: mensaje, description: `${tienda.nombre} ya aparece en el marketplace.` }),
    });

  const confirmarDeshabilitar = () => {
    const tienda = aDeshabilitar;
    if (!tienda) return;
    deshabilitar.mutate(
      { tiendaId: tienda._id, motivo },
      {
        onSuccess: ({ mensaje }) =>
          toast({
            title: mensaje,
            description: `${tienda.nombre} dejó de aparecer en el marketplace.`,
          }),
        onSettled: () => {
          setADeshabilitar(null);
          setMotivo('');
        },
      },
    );
  };

  if (isError && error instanceof ApiError && error.status === 403) return <AccesoDenegado />;

  return (
    <Tabs
      value={estado}
      onValueChange={cambiarEstado}
      className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10"
    >
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
        <TabsList
          aria-label="Estado de las tiendas"
          variant="outline"
          className="w-full gap-0 sm:w-auto"
        >
          {ESTADOS_REVISION.map((opcion) => (
            <TabsTrigger key={opcion} value={opcion} className="h-auto flex-1 py-2 sm:flex-none">
              {PESTANIAS[opcion].label}
            </TabsTrigger>
          ))}
        </TabsList>
      </header>

      <TabsContent value={estado} asChild>
        <section aria-busy={isFetching} className="mt-6">
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
      </TabsContent>

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
        <FormField
          label="Motivo (opcional)"
          hint="Se lo contamos al vendedor por correo y en sus notificaciones."
        >
          <Textarea
            rows={3}
            maxLength={MOTIVO_RECHAZO_MAX}
            value={motivo}
            disabled={deshabilitar.isPending}
            placeholder="Ej.: Falta la foto del local o los datos fiscales."
            onChange={(event) => setMotivo(event.target.value)}
          />
        </FormField>
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
    </Tabs>
  );
}
