import {
  type Paquete,
  type Producto,
  productoGuardadoResponseSchema,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productoKeys } from '@/entities/producto/api/get-producto';
import { api } from '@/lib/api-client';
import { misProductosKeys } from './mis-productos-keys';

export interface EditarProductoInput {
  productoId: string;
  nombre: string;
  descripcion: string;
  precio: number;
  stock: number;
  cantidadTotalGrupo: number;
  categoriaLocalId: readonly string[];
  /** One unit's package ('Embalaje'), kg and cm. */
  paquete: Paquete;
  /** A new picture, already through the image rule; without it the current one stays. */
  imagen: File | null;
}

/**
 * The multipart form of PUT producto/{productId} (spec part 2, section 7): nombre,
 * descripcion, precio, stock, cantidadTotalGrupo, categoriaLocalId (a JSON array), one unit's
 * package as the JSON text `paquete` (not in the spec, docs/decisions/051) and, if any, the
 * `imagen` file.
 */
export function editarProductoFormData(input: EditarProductoInput): FormData {
  const form = new FormData();
  form.append('nombre', input.nombre);
  form.append('descripcion', input.descripcion);
  form.append('precio', String(input.precio));
  form.append('stock', String(input.stock));
  form.append('cantidadTotalGrupo', String(input.cantidadTotalGrupo));
  form.append('categoriaLocalId', JSON.stringify(input.categoriaLocalId));
  form.append('paquete', JSON.stringify(input.paquete));
  if (input.imagen) form.append('imagen', input.imagen, input.imagen.name);
  return form;
}

/** PUT /api/producto/{productId} (multipart). The seller's list shows the product as saved. */
export function useEditarProducto(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productoId, ...input }: EditarProductoInput): Promise<Producto> => {
      const { producto } = await api.put(
        `/api/producto/${productoId}`,
        editarProductoFormData({ productoId, ...input }),
        { schema: productoGuardadoResponseSchema },
      );
      return producto;
    },
    // The dialog says it itself, with the server's message for a refusal.
    meta: { errorToast: false },
    onSuccess: (producto) => {
      queryClient.setQueryData<Producto[]>(misProductosKeys.productos(usuarioId), (lista) =>
        lista?.map((actual) => (actual._id === producto._id ? producto : actual)),
      );
      void queryClient.invalidateQueries({ queryKey: misProductosKeys.productos(usuarioId) });
      // The product page reads the same product under the entity's key.
      void queryClient.invalidateQueries({ queryKey: productoKeys.detalle(producto._id) });
    },
  });
}
