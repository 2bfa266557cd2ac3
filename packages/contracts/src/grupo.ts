import { z } from 'zod';
import { idSchema } from './ids';
import { prediccionSchema } from './prediccion';

/**
 * A purchase group's states (DESIGN.md, Purchase groups): `abierto` takes places; `cerrado`
 * filled up or was closed by its seller; `completado` every order in it was delivered;
 * `cancelado` the product team (or its deadline) cancelled it and the places were refunded.
 */
export const ESTADOS_GRUPO = ['abierto', 'cerrado', 'completado', 'cancelado'] as const;
export const estadoGrupoSchema = z.enum(ESTADOS_GRUPO);
export type EstadoGrupo = z.infer<typeof estadoGrupoSchema>;

export const grupoIdParamsSchema = z.object({ groupId: idSchema });
export const grupoYUsuarioParamsSchema = z.object({ groupId: idSchema, userId: idSchema });

/** A group's product, as the group cards show it (spec file 2, section 3). */
export const productoDeGrupoSchema = z.object({
  _id: idSchema,
  nombre: z.string(),
  descripcion: z.string(),
  imagen: z.string().nullable(),
  precio: z.number(),
  stock: z.number().int(),
});

/**
 * A purchase group for its seller (Gestión de Grupos): participants by user id (the screen
 * shows 'Usuario #' and the id's last 6 characters) and their quantities.
 */
export const grupoDeCompraSchema = z
  .object({
    _id: idSchema,
    estado: estadoGrupoSchema,
    lugaresNecesarios: z.number().int(),
    lugaresOcupados: z.number().int(),
    fechaCreacion: z.string().describe('Fecha ISO 8601'),
    productoId: productoDeGrupoSchema,
    participantes: z.array(z.object({ usuarioId: idSchema, cantidad: z.number().int() })),
    /**
     * Not in the spec: when the group would fill at its pace (decision 052); null when it is
     * not open.
     */
    prediccion: prediccionSchema.nullable(),
  })
  .meta({ id: 'GrupoDeCompra' });

/** GET grupoDeCompra/grupos/tienda/{tiendaId} (the store's owner): newest first. */
export const gruposDeTiendaResponseSchema = z
  .object({ grupos: z.array(grupoDeCompraSchema) })
  .meta({ id: 'GruposDeTiendaResponse' });

/** An open group of a product, as the owner panel lists it (no participants). */
export const grupoAbiertoSchema = z
  .object({
    _id: idSchema,
    estado: estadoGrupoSchema,
    lugaresNecesarios: z.number().int(),
    lugaresOcupados: z.number().int(),
    fechaCreacion: z.string(),
    /**
     * Not in the spec: when the group would fill at its pace (decision 052); null when it is
     * not open.
     */
    prediccion: prediccionSchema.nullable(),
  })
  .meta({ id: 'GrupoAbierto' });

/** GET grupoDeCompra/gruposAbiertos/producto/{productId}: oldest first. */
export const gruposAbiertosResponseSchema = z
  .object({ grupos: z.array(grupoAbiertoSchema) })
  .meta({ id: 'GruposAbiertosResponse' });

/** POST grupoDeCompra/cerrarGrupo/{groupId}. */
export const cerrarGrupoResponseSchema = z
  .object({ mensaje: z.string(), lugaresOcupados: z.number().int() })
  .meta({ id: 'CerrarGrupoResponse' });

/**
 * GET grupoDeCompra/grupoConProducto/{groupId} (public; no participant's identity). The group
 * page's fields (spec file 1, section 3): `status` is the group's state.
 */
export const grupoConProductoResponseSchema = z
  .object({
    grupo: z.object({
      _id: idSchema,
      lugaresNecesarios: z.number().int(),
      lugaresOcupados: z.number().int(),
      status: estadoGrupoSchema,
      fechaCreacion: z.string(),
      /** When an open group is cancelled if it has not filled (the page's countdown). */
      fechaLimite: z.string().nullable().optional(),
      /**
       * Not in the spec: when the group would fill at its pace (decision 052); null when it is
       * not open.
       */
      prediccion: prediccionSchema.nullable(),
    }),
    producto: z.object({
      _id: idSchema,
      nombre: z.string(),
      descripcion: z.string(),
      precio: z.number(),
      imagen: z.string().nullable(),
      stock: z.number().int(),
      disponible: z.boolean(),
      tiendaId: idSchema,
    }),
  })
  .meta({ id: 'GrupoConProductoResponse' });

/** GET grupoDeCompra/usuarioEnGrupo/{groupId}/{userId}. */
export const usuarioEnGrupoResponseSchema = z
  .object({ estaEnGrupo: z.boolean() })
  .meta({ id: 'UsuarioEnGrupoResponse' });

/** Texts of the group screens (spec file 2, section 8). */
export const GRUPO_MENSAJES = {
  cerrado: 'Grupo cerrado',
  yaCerrado: 'Grupo ya cerrado',
  completado: 'Grupo completado',
} as const;

export type GrupoDeCompra = z.infer<typeof grupoDeCompraSchema>;
export type GrupoAbierto = z.infer<typeof grupoAbiertoSchema>;
export type GrupoConProducto = z.infer<typeof grupoConProductoResponseSchema>;
