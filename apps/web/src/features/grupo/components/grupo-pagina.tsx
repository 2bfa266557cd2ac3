import type { GrupoConProducto } from '@compra-grupal/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeftIcon,
  Loader2Icon,
  Share2Icon,
  ShoppingBagIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { ProductoPropioAviso } from '@/entities/producto/components/producto-propio-aviso';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatPrecio } from '@/lib/format-currency';
import { esPropietarioQueryOptions } from '../api/get-es-propietario';
import { esGrupoNoEncontrado, useGrupoConProducto } from '../api/get-grupo-con-producto';
import { useGrupoEnVivo } from '../hooks/use-grupo-en-vivo';
import { useUnirseAlGrupo } from '../hooks/use-unirse-al-grupo';
import { lugaresRestantes, normalizarEstado, prediccionVigente } from '../lib/estado-grupo';
import { CantidadGrupoDialog } from './cantidad-grupo-dialog';
import { compartirGrupo } from './compartir-grupo';
import {
  EstadoDeEntregaCard,
  EstadoDelGrupoCard,
  GrupoCanceladoCard,
} from './estado-del-grupo-card';
import { EstadoGrupoBadge } from './estado-grupo-badge';
import { GrupoDetalleSkeleton } from './grupo-detalle-skeleton';
import { GrupoImagen } from './grupo-imagen';
import { GrupoNoEncontrado } from './grupo-no-encontrado';

export type ProductoDelGrupo = GrupoConProducto['producto'];

export interface GrupoPaginaProps {
  grupoId: string;
  /** The logged-in user, or null for a visitor. */
  usuarioId: string | null;
  /** Opens the login dialog ('Inicia sesión para continuar' / 'Únete al grupo de compra'). */
  onIniciarSesion: () => void;
  /**
   * Puts the product in the cart with this group (and moves on to the cart's checkout view);
   * the route composes it with the cart.
   */
  onAgregar: (producto: ProductoDelGrupo, cantidad: number) => void;
  /** Units of the product the cart still takes (its stock minus what the cart holds). */
  stockDisponible: number;
  /** The cart already holds this group's product: the button reads 'Completar Grupo'. */
  carritoPendiente: boolean;
  /** 'Completar Grupo': on to the pending cart. */
  onCompletar: () => void;
}

/**
 * /group/{groupId} (spec part 1, section 2): the group with its product, its state, the join
 * flow, sharing and the side card; live while on screen.
 */
export function GrupoPagina(props: GrupoPaginaProps) {
  const { grupoId } = props;
  const { data, error, isPending, isError, errorUpdatedAt, refetch } = useGrupoConProducto(grupoId);
  const noEncontrado = isError && esGrupoNoEncontrado(error);
  useGrupoEnVivo(grupoId, data?.producto._id);

  useErrorToast(
    isError && !noEncontrado ? errorUpdatedAt : 0,
    'No se pudo cargar el grupo',
    'Revisa tu conexión e inténtalo de nuevo',
  );

  if (noEncontrado) return <GrupoNoEncontrado />;
  if (isError) {
    return (
      <ErrorView title="Error al cargar el grupo" onRetry={() => void refetch()}>
        No se pudo cargar el grupo. Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4 text-muted-foreground">
        <Link to="/">
          <ArrowLeftIcon aria-hidden />
          Volver al inicio
        </Link>
      </Button>
      <div className="mb-5 flex flex-wrap items-center gap-3">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Detalle del Grupo</h1>
        {data && <EstadoGrupoBadge estado={data.grupo.status} className="text-sm" />}
      </div>
      {isPending || !data ? <GrupoDetalleSkeleton /> : <GrupoCargado {...props} datos={data} />}
    </div>
  );
}

function GrupoCargado({
  grupoId,
  usuarioId,
  onIniciarSesion,
  onAgregar,
  stockDisponible,
  carritoPendiente,
  onCompletar,
  datos: { grupo, producto },
}: GrupoPaginaProps & { datos: GrupoConProducto }) {
  const mobile = useIsMobile();
  const estado = normalizarEstado(grupo.status);
  const restantes = lugaresRestantes(grupo);
  const cerrado = estado === 'cerrado';
  // Cancelled by the team or its deadline: it takes no one, and there is nothing to share.
  const cancelado = estado === 'cancelado';
  // The product's owner is offered no join: the server refuses it (PRODUCTO_PROPIO).
  const { data: esPropietario = false } = useQuery({
    ...esPropietarioQueryOptions(producto._id, usuarioId ?? ''),
    enabled: usuarioId !== null,
  });
  const puedeUnirse = estado === 'abierto' && restantes > 0 && !esPropietario;

  const agregar = useCallback(
    (cantidad: number) => onAgregar(producto, cantidad),
    [onAgregar, producto],
  );
  const { unirse, verificando, eligiendo, setEligiendo } = useUnirseAlGrupo({
    grupoId,
    usuarioId,
    onIniciarSesion,
    onAgregar: agregar,
  });

  return (
    <div className="grid animate-rise-in items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <article className="grid gap-5 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:grid-cols-[14rem_minmax(0,1fr)] sm:p-5 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <GrupoImagen
          src={producto.imagen}
          alt={producto.nombre}
          prioritaria
          className="aspect-square w-full rounded-xl border border-border/70"
        />
        <div className="flex min-w-0 flex-col">
          <h2 className="text-balance font-bold text-xl leading-tight tracking-tight sm:text-2xl">
            {producto.nombre}
          </h2>
          <p className="mt-2 font-extrabold text-2xl text-primary-strong tracking-tight tabular-nums sm:text-3xl">
            {formatPrecio(producto.precio)}
          </p>
          {producto.descripcion && (
            <p className="mt-3 max-w-prose text-pretty text-muted-foreground leading-relaxed">
              {producto.descripcion}
            </p>
          )}
          {esPropietario && !cerrado && !cancelado && (
            <div className="mt-6">
              <ProductoPropioAviso />
            </div>
          )}
          {(puedeUnirse || (!cerrado && !cancelado)) && (
            <div className="mt-6 flex flex-col gap-2 sm:mt-auto sm:flex-row sm:flex-wrap sm:pt-6">
              {puedeUnirse &&
                (carritoPendiente ? (
                  <Button type="button" size="lg" onClick={onCompletar}>
                    <ShoppingBagIcon aria-hidden />
                    Completar Grupo
                  </Button>
                ) : (
                  <Button
                    type="button"
                    size="lg"
                    disabled={verificando}
                    aria-busy={verificando || undefined}
                    onClick={() => void unirse()}
                  >
                    {verificando ? (
                      <Loader2Icon className="animate-spin" aria-hidden />
                    ) : (
                      <UserPlusIcon aria-hidden />
                    )}
                    Unirse al Grupo
                  </Button>
                ))}
              {!cerrado && !cancelado && (
                <Button
                  type="button"
                  size="lg"
                  variant="outline"
                  onClick={() =>
                    void compartirGrupo(grupoId, {
                      nombre: producto.nombre,
                      usarShareSheet: mobile,
                    })
                  }
                >
                  <Share2Icon aria-hidden />
                  Compartir Grupo
                </Button>
              )}
            </div>
          )}
        </div>
      </article>
      <aside className="lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]">
        {cerrado ? (
          <EstadoDeEntregaCard />
        ) : cancelado ? (
          <GrupoCanceladoCard
            productoId={producto._id}
            productoDisponible={producto.disponible}
            lugaresOcupados={grupo.lugaresOcupados}
            lugaresNecesarios={grupo.lugaresNecesarios}
          />
        ) : (
          <EstadoDelGrupoCard
            lugaresOcupados={grupo.lugaresOcupados}
            lugaresNecesarios={grupo.lugaresNecesarios}
            fechaLimite={estado === 'abierto' ? (grupo.fechaLimite ?? null) : null}
            prediccion={prediccionVigente({ ...grupo, estado: grupo.status })}
          />
        )}
      </aside>
      {eligiendo && (
        <CantidadGrupoDialog
          open={eligiendo}
          onOpenChange={setEligiendo}
          nombre={producto.nombre}
          precio={producto.precio}
          restantes={restantes}
          stock={stockDisponible}
          onAgregar={(cantidad) => {
            setEligiendo(false);
            agregar(cantidad);
          }}
        />
      )}
    </div>
  );
}
