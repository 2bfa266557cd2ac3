import {
  type Paquete,
  type Producto,
  productoGuardadoResponseSchema,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { misProductosKeys } from './mis-productos-keys';

export interface CrearProductoInput {
  vendedorId: string;
  tiendaId: string;
  nombre: string;
  descripcion: string;
  /** Pesos, as the wire carries them. */
  precio: number;
  cantidadTotalGrupo: number;
  /** Optional: days each group stays open (sent only when given). */
  plazoGrupoDias?: number | undefined;
  stock: number;
  /** The one local category chosen in the wizard. */
  categoriaLocalId: string;
  /** One unit's package ('Embalaje'), kg and cm. */
  paquete: Paquete;
  /** The picture, already through the image rule (lib/image-rule.ts). */
  imagen: File;
}

/**
 * The multipart form of POST producto/crear (spec part 2, section 7): vendedorId, tiendaId,
 * nombre, descripcion, precio, cantidadTotalGrupo, stock, categoriaLocalId (a JSON list with
 * one id) and the `imagen` file, last. The optional `plazoGrupoDias` (issue 14) goes after
 * `cantidadTotalGrupo`, only when the seller gave one; one unit's package goes as the JSON
 * text `paquete` before the picture (not in the spec, docs/decisions/051).
 */
export function crearProductoFormData(input: CrearProductoInput): FormData {
  const form = new FormData();
  form.append('vendedorId', input.vendedorId);
  form.append('tiendaId', input.tiendaId);
  form.append('nombre', input.nombre);
  form.append('descripcion', input.descripcion);
  form.append('precio', String(input.precio));
  form.append('cantidadTotalGrupo', String(input.cantidadTotalGrupo));
  if (input.plazoGrupoDias !== undefined)
    form.append('plazoGrupoDias', String(input.plazoGrupoDias));
  form.append('stock', String(input.stock));
  form.append('categoriaLocalId', JSON.stringify([input.categoriaLocalId]));
  form.append('paquete', JSON.stringify(input.paquete));
  form.append('imagen', input.imagen, input.imagen.name);
  return form;
}

/** POST /api/producto/crear (multipart). The seller's list shows the new product next. */
export function useCrearProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CrearProductoInput): Promise<Producto> => {
      const { producto } = await api.post('/api/producto/crear', crearProductoFormData(input), {
        schema: productoGuardadoResponseSchema,
      });
      return producto;
    },
    // The wizard says what failed itself: the server's text for a refusal, else the spec's.
    meta: { errorToast: false },
    onSuccess: (_producto, { vendedorId }) =>
      queryClient.invalidateQueries({ queryKey: misProductosKeys.usuario(vendedorId) }),
  });
}
