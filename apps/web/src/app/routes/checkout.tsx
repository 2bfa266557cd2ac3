import { PAQUETE_POR_DEFECTO } from '@compra-grupal/contracts';
import { useQueries } from '@tanstack/react-query';
import { RotateCcwIcon, ShoppingBagIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { productoQueryOptions } from '@/entities/producto/api/get-producto';
import { SesionRequerida } from '@/entities/sesion/components/sesion-requerida';
import { CarritoVacio } from '@/features/carrito/components/carrito-vacio';
import { useCarrito, vaciarCarrito } from '@/features/carrito/stores/carrito-store';
import type { LineaCheckout, TiendaCheckout } from '@/features/checkout/components/tipos';
import { tiendaConProductosQueryOptions } from '@/features/tienda/api/get-tienda-con-productos';
import {
  preloadUbicacionPicker,
  UbicacionPickerDialog,
} from '@/features/ubicacion/components/ubicacion-picker-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

const CheckoutWizard = lazy(async () => ({
  default: (await import('@/features/checkout/components/checkout-wizard')).CheckoutWizard,
}));

function Cargando() {
  return (
    <div
      role="status"
      aria-label="Cargando tu compra"
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6 sm:py-10"
    >
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-2" />
      <Skeleton className="h-16" />
      <Skeleton className="h-64" />
    </div>
  );
}

/**
 * /checkout (spec part 1, sections 2, 4 and 8): the six-step wizard under the cart summary.
 * The route composes it with the cart, the products (with their store), the store names and
 * the location picker, since features do not import each other. On success the cart is
 * emptied and the order goes to /multi-payment-checkout.
 */
export function CheckoutRoute() {
  useDocumentTitle('Finalizar compra');
  const { token, usuarioId, error } = useSession();
  const carrito = useCarrito();
  const navigate = useNavigate();

  const productos = useQueries({
    queries: carrito.map((linea) => ({
      ...productoQueryOptions(linea.productoId),
      enabled: usuarioId !== null,
    })),
  });
  const tiendaIds = [...new Set(productos.flatMap(({ data }) => (data ? [data.tiendaId] : [])))];
  const tiendas = useQueries({
    queries: tiendaIds.map((tiendaId) => ({
      ...tiendaConProductosQueryOptions(tiendaId),
      retry: false,
    })),
  });

  if (!token) {
    return (
      <SesionRequerida
        icon={ShoppingBagIcon}
        titulo="Inicia sesión para finalizar tu compra"
        descripcion="Necesitas una cuenta para elegir la dirección de envío y pagar tu pedido."
        volverA="/checkout"
      />
    );
  }
  if (!usuarioId) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-6 py-16 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden />
        <h1 className="mt-4 font-bold text-2xl tracking-tight">No pudimos abrir el checkout</h1>
        <p className="mt-2 text-muted-foreground">{error}</p>
      </div>
    );
  }
  if (carrito.length === 0) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="mb-6 font-bold text-2xl tracking-tight sm:text-3xl">Finalizar compra</h1>
        <CarritoVacio />
      </div>
    );
  }

  if (productos.some((consulta) => consulta.isError)) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="mb-6 font-bold text-2xl tracking-tight sm:text-3xl">Finalizar compra</h1>
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center"
        >
          <TriangleAlertIcon className="size-7 text-destructive" aria-hidden />
          <p className="font-medium">No se pudieron cargar los detalles de los productos</p>
          <p className="text-muted-foreground text-sm">
            Revisa tu conexión o vuelve al carrito para quitar los productos que ya no están.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                for (const consulta of productos) if (consulta.isError) void consulta.refetch();
              }}
            >
              <RotateCcwIcon aria-hidden />
              Reintentar
            </Button>
            <Button type="button" onClick={() => navigate('/cart')}>
              Volver al carrito
            </Button>
          </div>
        </div>
      </div>
    );
  }

  const lineas: LineaCheckout[] = [];
  carrito.forEach((linea, index) => {
    const producto = productos[index]?.data;
    if (producto) {
      lineas.push({
        productoId: linea.productoId,
        cantidadSolicitada: linea.cantidadSolicitada,
        grupoId: linea.grupoId,
        nombre: producto.nombre,
        precio: producto.precio,
        tiendaId: producto.tiendaId,
        // The package its seller declared (a product answered without one ships as the default).
        paquete: producto.paquete ?? PAQUETE_POR_DEFECTO,
      });
    }
  });
  if (lineas.length < carrito.length) return <Cargando />;

  const infoTiendas = new Map<string, TiendaCheckout>();
  tiendaIds.forEach((tiendaId, index) => {
    const consulta = tiendas[index];
    infoTiendas.set(tiendaId, {
      nombre: consulta?.data?.nombre ?? null,
      error: consulta?.isError ?? false,
    });
  });

  return (
    <Suspense fallback={<Cargando />}>
      <CheckoutWizard
        key={usuarioId}
        usuarioId={usuarioId}
        lineas={lineas}
        infoTiendas={infoTiendas}
        LocationPicker={UbicacionPickerDialog}
        preloadLocationPicker={preloadUbicacionPicker}
        onVolverAlCarrito={() => navigate('/cart')}
        onPedidoCreado={(pedidoId) => {
          vaciarCarrito();
          navigate(`/multi-payment-checkout?pedidoId=${encodeURIComponent(pedidoId)}`);
        }}
      />
    </Suspense>
  );
}
