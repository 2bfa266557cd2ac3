import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { getStoredItem, setStoredItem } from '@/lib/storage-keys';
import {
  agregarAlCarrito,
  getCarrito,
  type LineaCarrito,
  useCarrito,
} from '../stores/carrito-store';

export interface ProductoParaAgregar {
  _id: string;
  nombre: string;
  stock: number;
}

type ConStock = Pick<ProductoParaAgregar, '_id' | 'stock'>;

function quedanEn(lineas: readonly LineaCarrito[], producto: ConStock): number {
  const enCarrito =
    lineas.find((linea) => linea.productoId === producto._id)?.cantidadSolicitada ?? 0;
  return Math.max(0, producto.stock - enCarrito);
}

/** How many more units of a product fit in the cart (its stock minus what the cart holds). */
export function useUnidadesQueQuedan(producto: ConStock | undefined): number {
  const lineas = useCarrito();
  return producto ? quedanEn(lineas, producto) : 0;
}

/**
 * Adds a product to the cart, which needs login (spec part 2, section 5): without an access
 * token it goes to /login with 'Inicia sesión' and remembers this page as redirectAfterAuth,
 * so logging in comes back here. With one it adds the quantity and says 'Producto agregado',
 * never past the product's stock (counting what the cart already holds). With `grupoId` the
 * line joins that purchase group (the group page's join flow).
 * Returns whether the product was added.
 */
export function useAgregarAlCarrito() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  return useCallback(
    (producto: ProductoParaAgregar, cantidad = 1, grupoId?: string): boolean => {
      if (!getStoredItem('accessToken')) {
        setStoredItem('redirectAfterAuth', `${pathname}${search}`);
        void navigate('/login');
        toast({
          title: 'Inicia sesión',
          description: 'Debes iniciar sesión para agregar productos al carrito',
          variant: 'destructive',
        });
        return false;
      }
      const quedan = quedanEn(getCarrito(), producto);
      if (cantidad > quedan) {
        toast({
          title: 'Stock insuficiente',
          description:
            quedan === 0
              ? `Ya tienes en tu carrito todo el stock de ${producto.nombre}`
              : `Solo puedes agregar ${quedan} ${quedan === 1 ? 'unidad' : 'unidades'} más de ${producto.nombre}`,
          variant: 'destructive',
        });
        return false;
      }
      agregarAlCarrito(producto._id, cantidad, grupoId);
      toast({
        title: 'Producto agregado',
        description: `${cantidad} × ${producto.nombre} ${cantidad === 1 ? 'se agregó' : 'se agregaron'} al carrito`,
      });
      return true;
    },
    [navigate, pathname, search],
  );
}
