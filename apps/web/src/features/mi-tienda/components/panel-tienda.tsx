import { ArrowUpRightIcon, ChevronRightIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { TiendaLogo } from '@/components/tienda-logo';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useTiendaDelVendedor } from '@/entities/tienda/api/get-tienda-del-vendedor';
import { cn } from '@/lib/utils';
import { ACCIONES_PANEL, type AccionPanel, type SeccionMiTienda } from './secciones';

const tileClass = cn(
  'group flex h-full w-full items-center gap-4 rounded-2xl border border-border/70 bg-card p-4 text-left shadow-xs sm:p-5',
  'transition-[border-color,box-shadow,transform] duration-150 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0',
  'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
);

/** The action's name is its title and its description together, as they read. */
function ContenidoAccion({ accion }: { accion: AccionPanel }) {
  return (
    <>
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-secondary text-secondary-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
        <accion.icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span data-slot="accion-titulo" className="block font-semibold leading-tight">
          {accion.titulo}
        </span>
        <span className="mt-1 block text-muted-foreground text-sm leading-snug">
          {accion.descripcion}
        </span>
      </span>
      <ChevronRightIcon
        className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
        aria-hidden
      />
    </>
  );
}

function TileAccion({
  accion,
  onAbrir,
  enfocar,
}: {
  accion: AccionPanel;
  onAbrir: (seccion: SeccionMiTienda) => void;
  enfocar: boolean;
}) {
  const ref = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  // Back from a section, the keyboard returns to the action that opened it.
  useEffect(() => {
    if (enfocar) ref.current?.focus();
  }, [enfocar]);

  const { destino } = accion;
  const contenido = <ContenidoAccion accion={accion} />;
  if ('ruta' in destino) {
    return (
      <Link ref={ref} to={destino.ruta} className={tileClass}>
        {contenido}
      </Link>
    );
  }
  return (
    <button ref={ref} type="button" className={tileClass} onClick={() => onAbrir(destino.seccion)}>
      {contenido}
    </button>
  );
}

/**
 * The enabled seller's panel (spec part 2, section 2): '¡Tu tienda está activa!' and the six
 * actions, then Estadísticas (issue 37). Editar Tienda, Mis Productos, Grupos, Pedidos para
 * entregar and Estadísticas open a sub-view, Configurar Categorías a dialog, Cargar Producto
 * the product form.
 */
export function PanelTienda({
  usuarioId,
  onAbrir,
  enfocar,
}: {
  usuarioId: string;
  onAbrir: (seccion: SeccionMiTienda) => void;
  /** The section the seller came back from: its action takes the focus. */
  enfocar: SeccionMiTienda | null;
}) {
  const { data: tienda, isPending } = useTiendaDelVendedor(usuarioId);
  const id = useId();
  const tituloId = `${id}-titulo`;
  const accionesId = `${id}-acciones`;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <section
        aria-labelledby={tituloId}
        className="relative animate-rise-in overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm"
      >
        <div
          aria-hidden
          className="h-20 bg-linear-to-br from-primary via-primary-strong to-primary-strong sm:h-24"
        >
          <div className="size-full bg-[radial-gradient(circle_at_85%_-20%,rgb(255_255_255/0.28),transparent_55%),radial-gradient(circle_at_10%_130%,rgb(245_158_11/0.35),transparent_50%)]" />
        </div>
        <div className="px-5 pb-5 sm:px-8 sm:pb-7">
          <div className="-mt-9 flex items-end justify-between gap-3 sm:-mt-11">
            {tienda ? (
              <TiendaLogo
                loading="eager"
                src={tienda.logo}
                nombre={tienda.nombre}
                className="size-18 rounded-2xl border-4 border-card text-2xl shadow-md sm:size-22 sm:text-3xl"
              />
            ) : (
              <Skeleton className="size-18 rounded-2xl border-4 border-card sm:size-22" />
            )}
            <Badge variant="secondary" className="mb-1">
              <span aria-hidden className="size-1.5 rounded-full bg-primary" />
              Habilitada
            </Badge>
          </div>
          <h1
            id={tituloId}
            className="mt-4 text-balance font-bold text-2xl tracking-tight sm:text-3xl"
          >
            ¡Tu tienda está activa!
          </h1>
          {tienda ? (
            <p className="mt-1.5 text-pretty text-muted-foreground">
              <span className="font-semibold text-foreground">{tienda.nombre}</span> ya aparece en
              el marketplace. Gestiona tu tienda, tus productos y tus ventas desde aquí.
            </p>
          ) : isPending ? (
            <Skeleton className="mt-2.5 h-4 w-3/4 max-w-md" />
          ) : (
            <p className="mt-1.5 text-pretty text-muted-foreground">
              Gestiona tu tienda, tus productos y tus ventas desde aquí.
            </p>
          )}
          {tienda && (
            <Link
              to={`/store/${tienda._id}`}
              className="mt-3 inline-flex items-center gap-1 rounded-md font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/45"
            >
              Ver mi tienda como comprador
              <ArrowUpRightIcon className="size-4" aria-hidden />
            </Link>
          )}
        </div>
      </section>

      <section aria-labelledby={accionesId} className="mt-8">
        <h2
          id={accionesId}
          className="flex items-center gap-2 font-semibold text-lg tracking-tight"
        >
          <SparklesIcon className="size-4.5 text-primary" aria-hidden />
          ¿Qué quieres hacer hoy?
        </h2>
        <ul
          aria-labelledby={accionesId}
          className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 sm:max-lg:[&>li:last-child:nth-child(odd)]:col-span-2 lg:[&>li:last-child:nth-child(3n+1)]:col-span-3"
        >
          {ACCIONES_PANEL.map((accion) => (
            <li key={accion.titulo}>
              <TileAccion
                accion={accion}
                onAbrir={onAbrir}
                enfocar={
                  enfocar !== null &&
                  'seccion' in accion.destino &&
                  accion.destino.seccion === enfocar
                }
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
