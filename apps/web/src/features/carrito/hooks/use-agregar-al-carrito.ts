import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { getStoredItem, setStoredItem } from '@/lib/storage-keys';
import { agregarAlCarrito } from '../stores/carrito-store';

export interface ProductoParaAgregar {
  _id: string;
  nombre: string;
}

/**
 * Adds a product to the cart, which needs login (spec part 2, section 5): without an access
 * token it goes to /login with 'Inicia sesión' and remembers this page as redirectAfterAuth,
 * so logging in comes back here. With one it adds the quantity and says 'Producto agregado'.
 * Returns whether the product was added.
 */
export function useAgregarAlCarrito() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  return useCallback(
    (producto: ProductoParaAgregar, cantidad = 1): boolean => {
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
      agregarAlCarrito(producto._id, cantidad);
      toast({
        title: 'Producto agregado',
        description: `${cantidad} × ${producto.nombre} ${cantidad === 1 ? 'se agregó' : 'se agregaron'} al carrito`,
      });
      return true;
    },
    [navigate, pathname, search],
  );
}
