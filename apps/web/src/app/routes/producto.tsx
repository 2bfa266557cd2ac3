import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, StoreIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import {
  esProductoNoEncontrado,
  productoQueryOptions,
  useProducto,
} from '@/entities/producto/api/get-producto';
import { ProductoPropioAviso } from '@/entities/producto/components/producto-propio-aviso';
import { AgregarAlCarrito } from '@/features/carrito/components/agregar-al-carrito';
import {
  useAgregarAlCarrito,
  useUnidadesQueQuedan,
} from '@/features/carrito/hooks/use-agregar-al-carrito';
import { esPropietarioQueryOptions } from '@/features/grupo/api/get-es-propietario';
import { GrupoAbiertoDelProducto } from '@/features/grupo/components/grupo-abierto-del-producto';
import { pedidosConGruposQueryOptions } from '@/features/pedidos/api/get-pedidos-con-grupos';
import { VerGrupoLink } from '@/features/pedidos/components/ver-grupo-link';
import { ProductoCard } from '@/features/producto/components/producto-card';
import { ProductoDetalle } from '@/features/producto/components/producto-detalle';
import { ProductoDetalleSkeleton } from '@/features/producto/components/producto-detalle-skeleton';
import { ProductoNoEncontrado } from '@/features/producto/components/producto-no-encontrado';
import { tiendaConProductosQueryOptions } from '@/features/tienda/api/get-tienda-con-productos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { useSession } from '@/lib/session/use-session';

// Only a logged-in user can own the product: the owner panel's code (and zod) loads for them.
const PanelDelPropietario = lazy(async () => ({
  default: (await import('@/features/grupo/components/panel-del-propietario')).PanelDelPropietario,
}));

/** /product/{productId}: the product detail with its purchase panel (spec part 2, section 2). */
export function ProductoRoute() {
  const { productId = '' } = useParams();
  const {
    data: producto,
    error,
    isPending,
    isError,
    errorUpdatedAt,
    refetch,
  } = useProducto(productId);
  const noEncontrado = isError && esProductoNoEncontrado(error);
  const agregar = useAgregarAlCarrito();
  const quedan = useUnidadesQueQuedan(producto);
  const { usuarioId } = useSession();
  const queryClient = useQueryClient();

  // Live stock for everyone on the page (the product's room; spec part 2, section 7).
  useRealtimeEvent(
    producto ? { kind: 'producto', id: producto._id } : null,
    'stockActualizado',
    ({ productoId: id, nuevoStock }) => {
      if (id !== productId) return;
      queryClient.setQueryData(productoQueryOptions(productId).queryKey, (actual) =>
        actual ? { ...actual, stock: nuevoStock } : actual,
      );
    },
  );

  // The seller edited or withdrew it: its price, name or picture are read again.
  useRealtimeEvent(
    producto ? { kind: 'producto', id: producto._id } : null,
    'productoActualizado',
    ({ productoId: id }) => {
      if (id !== productId) return;
      void queryClient.invalidateQueries({ queryKey: productoQueryOptions(productId).queryKey });
    },
  );

  // Its open group moved (places, state) or a new one opened: its progress and forecast are
  // read again with the product (decision 052).
  const releerProducto = () =>
    void queryClient.invalidateQueries({ queryKey: productoQueryOptions(productId).queryKey });
  useRealtimeEvent(
    producto ? { kind: 'producto', id: producto._id } : null,
    'grupoActualizado',
    ({ grupoId }) => {
      if (grupoId === producto?.grupoAbierto?._id) releerProducto();
    },
  );
  useRealtimeEvent(
    producto ? { kind: 'producto', id: producto._id } : null,
    'nuevoGrupoCreado',
    ({ productoId: id }) => {
      if (id === productId) releerProducto();
    },
  );

  // A change of stock sent while the connection was down is lost: read the product again.
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: productoQueryOptions(productId).queryKey });
  });

  // More of the same store, below the product: the page does not depend on it.
  const { data: tienda } = useQuery({
    ...tiendaConProductosQueryOptions(producto?.tiendaId ?? ''),
    enabled: producto !== undefined,
    retry: false,
  });

  // The owner is offered no purchase: the server refuses it (PRODUCTO_PROPIO).
  const { data: esPropietario } = useQuery({
    ...esPropietarioQueryOptions(productId, usuarioId ?? ''),
    enabled: usuarioId !== null && producto !== undefined,
  });
  // The open group of this product the shopper holds places in, to reach its page.
  const { data: pedidos } = useQuery({
    ...pedidosConGruposQueryOptions(usuarioId ?? ''),
    enabled: usuarioId !== null && producto !== undefined && esPropietario === false,
    retry: false,
  });
  const miGrupo = pedidos
    ?.flatMap((pedido) => pedido.grupoIds)
    .find((grupo) => grupo.productoId === productId && grupo.estado === 'abierto');

  useDocumentTitle(noEncontrado ? 'Producto no encontrado' : (producto?.nombre ?? 'Producto'));

  // A missing producto has its own view instead.
  useErrorToast(
    isError && !noEncontrado ? errorUpdatedAt : 0,
    'No se pudieron cargar los detalles del producto',
    'Revisa tu conexión e inténtalo de nuevo',
  );

  if (noEncontrado) return <ProductoNoEncontrado />;
  if (isError) {
    return (
      <ErrorView title="Error al cargar el producto" onRetry={() => void refetch()}>
        No se pudieron cargar los detalles del producto. Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
  }

  const volverA = producto ? `/store/${producto.tienda._id}` : '/';
  // More of the same store, as on its page: available products only, at most 6.
  const otros = (tienda?.productos ?? [])
    .filter((otro) => otro.disponible && otro._id !== producto?._id)
    .slice(0, 6);

  return (
    // Below 768 px the buy bar covers the bottom of the screen: the page leaves room for it.
    <div className="mx-auto w-full max-w-6xl px-4 pt-5 pb-44 sm:px-6 sm:pt-8 md:pb-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4 text-muted-foreground">
        <Link to={volverA}>
          <ArrowLeftIcon aria-hidden />
          {producto ? 'Volver a la tienda' : 'Volver al inicio'}
        </Link>
      </Button>
      {isPending || !producto ? (
        <ProductoDetalleSkeleton />
      ) : (
        <ProductoDetalle
          producto={producto}
          tienda={
            <Link
              to={`/store/${producto.tienda._id}`}
              className="inline-flex w-fit items-center gap-1.5 rounded-full bg-secondary px-3 py-1 font-medium text-secondary-foreground text-sm transition-colors hover:bg-secondary/70"
            >
              <StoreIcon className="size-3.5" aria-hidden />
              {producto.tienda.nombre}
            </Link>
          }
          grupo={producto.grupoAbierto && <GrupoAbiertoDelProducto grupo={producto.grupoAbierto} />}
          compra={
            esPropietario ? (
              <ProductoPropioAviso />
            ) : (
              <div className="grid gap-3">
                {miGrupo && (
                  <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-secondary/60 px-4 py-2.5 text-sm">
                    <span>Ya estás en un grupo abierto de este producto.</span>
                    <VerGrupoLink grupoId={miGrupo._id} producto={producto.nombre} />
                  </p>
                )}
                <AgregarAlCarrito
                  precio={producto.precio}
                  maximo={quedan}
                  disabled={!producto.disponible || producto.stock <= 0}
                  onAgregar={(cantidad) => agregar(producto, cantidad)}
                />
              </div>
            )
          }
        />
      )}
      {usuarioId && producto && (
        <Suspense fallback={null}>
          <div className="mt-8 empty:hidden sm:mt-10 md:ml-auto md:w-1/2 md:pl-5 lg:pl-7">
            <PanelDelPropietario
              productoId={producto._id}
              nombre={producto.nombre}
              usuarioId={usuarioId}
            />
          </div>
        </Suspense>
      )}
      {tienda && otros.length > 0 && (
        <section aria-labelledby="mas-de-la-tienda" className="mt-12 sm:mt-16">
          <h2 id="mas-de-la-tienda" className="mb-4 font-bold text-xl tracking-tight">
            Más de {tienda.nombre}
          </h2>
          <Carousel
            label={`Más productos de ${tienda.nombre}`}
            slideClassName="basis-[46%] sm:basis-1/3 lg:basis-1/4 xl:basis-1/5"
          >
            {otros.map((otro) => (
              <div key={otro._id} className="h-full py-1">
                <ProductoCard producto={otro} />
              </div>
            ))}
          </Carousel>
        </section>
      )}
    </div>
  );
}
