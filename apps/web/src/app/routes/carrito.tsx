import { useQueries } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { esProductoNoEncontrado, productoQueryOptions } from '@/entities/producto/api/get-producto';
import { CarritoLinea } from '@/features/carrito/components/carrito-linea';
import { CarritoResumen } from '@/features/carrito/components/carrito-resumen';
import { CarritoSinSesion } from '@/features/carrito/components/carrito-sin-sesion';
import { CarritoTotales } from '@/features/carrito/components/carrito-totales';
import { CarritoVacio } from '@/features/carrito/components/carrito-vacio';
import {
  actualizarCantidad,
  contarProductos,
  quitarDelCarrito,
  useCarrito,
} from '@/features/carrito/stores/carrito-store';
import {
  type ItemCarrito,
  superaElStock,
  totalesDelCarrito,
} from '@/features/carrito/utils/item-carrito';
import { ProductoImagen } from '@/features/producto/components/producto-imagen';
import { tiendaConProductosQueryOptions } from '@/features/tienda/api/get-tienda-con-productos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useAccessToken } from '@/lib/session/use-access-token';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';

/** Query parameter of the cart-summary screen: /cart?resumen=1. */
const RESUMEN = 'resumen';

/**
 * /cart (spec part 1, "Cart screen"): the lines with their products (loaded in parallel), a
 * quantity control that never goes below 1, removal, totals, the cart summary
 * (/cart?resumen=1, which closes back to /cart) and the way to checkout.
 */
export function CarritoRoute() {
  useDocumentTitle('Carrito');
  const loggedIn = useAccessToken() !== null;
  const lineas = useCarrito();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const resumenAbierto = loggedIn && lineas.length > 0 && searchParams.get(RESUMEN) === '1';

  const consultas = useQueries({
    queries: lineas.map((linea) => ({
      ...productoQueryOptions(linea.productoId),
      enabled: loggedIn,
    })),
  });

  const items: ItemCarrito[] = lineas.map((linea, index) => {
    const consulta = consultas[index];
    if (consulta?.data) return { linea, producto: consulta.data, estado: 'listo' };
    if (consulta?.isError) {
      return {
        linea,
        producto: undefined,
        estado: esProductoNoEncontrado(consulta.error) ? 'no-encontrado' : 'error',
      };
    }
    return { linea, producto: undefined, estado: 'cargando' };
  });
  const totales = totalesDelCarrito(items);
  const cantidad = contarProductos(lineas);

  // One toast for the failures of a load, not one per product.
  const ultimaFalla = Math.max(
    0,
    ...consultas.map((consulta) =>
      consulta.isError && !esProductoNoEncontrado(consulta.error) ? consulta.errorUpdatedAt : 0,
    ),
  );
  useErrorToast(
    ultimaFalla,
    'No se pudieron cargar los detalles de los productos',
    'Revisa tu conexión e inténtalo de nuevo',
  );

  // Store names for the summary, only while it is open.
  const tiendaIds = [
    ...new Set(items.flatMap((item) => (item.producto ? [item.producto.tiendaId] : []))),
  ];
  const tiendas = useQueries({
    queries: tiendaIds.map((tiendaId) => ({
      ...tiendaConProductosQueryOptions(tiendaId),
      enabled: resumenAbierto,
      retry: false,
    })),
  });
  const nombresDeTiendas = new Map<string, string>();
  for (const { data } of tiendas) if (data) nombresDeTiendas.set(data._id, data.nombre);

  const bloqueo = items.some((item) => item.estado === 'cargando')
    ? 'Estamos cargando tus productos…'
    : items.some((item) => item.estado !== 'listo')
      ? 'Quita los productos no disponibles para continuar.'
      : items.some(superaElStock)
        ? 'Ajusta las cantidades que superan el stock para continuar.'
        : null;

  const abrirResumen = () => navigate(`/cart?${RESUMEN}=1`, { state: { desdeCarrito: true } });
  const cerrarResumen = () => {
    // Opened from the cart: going back closes it; opened from a link: replace the entry.
    if ((location.state as { desdeCarrito?: boolean } | null)?.desdeCarrito) navigate(-1);
    else navigate('/cart', { replace: true });
  };

  const quitar = (item: ItemCarrito) => {
    quitarDelCarrito(item.linea.productoId);
    toast({
      title: 'Producto eliminado',
      description: item.producto
        ? `${item.producto.nombre} se quitó del carrito`
        : 'El producto se quitó del carrito',
    });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Carrito</h1>
        {loggedIn && lineas.length > 0 && (
          <p className="mt-1 text-muted-foreground">
            {textoCantidadProductos(cantidad)} en tu carrito
          </p>
        )}
      </div>

      {!loggedIn ? (
        <CarritoSinSesion />
      ) : lineas.length === 0 ? (
        <CarritoVacio />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="carrito-productos-titulo">
            <h2 id="carrito-productos-titulo" className="sr-only">
              Productos en el carrito
            </h2>
            <ul
              aria-labelledby="carrito-productos-titulo"
              className="grid grid-cols-[minmax(0,1fr)] gap-3"
            >
              {items.map((item, index) => (
                <CarritoLinea
                  key={item.linea.productoId}
                  item={item}
                  imagen={
                    <ProductoImagen
                      src={item.producto?.imagen ?? null}
                      alt={item.producto?.nombre ?? ''}
                      className="size-full"
                    />
                  }
                  onCantidad={(nueva) => actualizarCantidad(item.linea.productoId, nueva)}
                  onQuitar={() => quitar(item)}
                  onReintentar={() => void consultas[index]?.refetch()}
                />
              ))}
            </ul>
          </section>
          <div className="lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]">
            <CarritoTotales
              cantidad={totales.cantidad}
              cantidadEnCarrito={cantidad}
              total={totales.total}
              bloqueo={bloqueo}
              onVerResumen={abrirResumen}
            />
          </div>
        </div>
      )}

      <ResponsiveDialog
        open={resumenAbierto}
        onOpenChange={(open) => {
          if (!open) cerrarResumen();
        }}
        title="Resumen del carrito"
        description="Tus productos agrupados por tienda."
        className="sm:max-w-lg"
      >
        <CarritoResumen
          items={items}
          total={totales.total}
          nombresDeTiendas={nombresDeTiendas}
          bloqueo={bloqueo}
          onCerrar={cerrarResumen}
        />
      </ResponsiveDialog>
    </div>
  );
}
