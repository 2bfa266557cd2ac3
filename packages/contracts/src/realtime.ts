import { z } from 'zod';
import { idSchema } from './ids';

/** Socket.io events, spec file 2 section 7. Both ends are typed with these maps. */

export const grupoActualizadoSchema = z.object({
  grupoId: idSchema,
  estado: z.string(),
  lugaresOcupados: z.number().int(),
  lugaresNecesarios: z.number().int(),
  participantesCount: z.number().int(),
  productoNombre: z.string(),
});
export const nuevoGrupoCreadoSchema = z.object({
  productoId: idSchema,
  productoNombre: z.string(),
});
export const grupoCerradoPorVendedorSchema = z.object({ grupoId: idSchema });
export const stockActualizadoSchema = z.object({
  productoId: idSchema,
  nuevoStock: z.number().int(),
});

export interface ServerToClientEvents {
  grupoActualizado: (payload: z.infer<typeof grupoActualizadoSchema>) => void;
  nuevoGrupoCreado: (payload: z.infer<typeof nuevoGrupoCreadoSchema>) => void;
  grupoCerradoPorVendedor: (payload: z.infer<typeof grupoCerradoPorVendedorSchema>) => void;
  stockActualizado: (payload: z.infer<typeof stockActualizadoSchema>) => void;
}

export interface ClientToServerEvents {
  joinGrupo: (grupoId: string) => void;
  leaveGrupo: (grupoId: string) => void;
  joinTienda: (tiendaId: string) => void;
  leaveTienda: (tiendaId: string) => void;
  joinProducto: (productoId: string) => void;
  leaveProducto: (productoId: string) => void;
}

/** Room names: one place so server and tests agree. */
export const rooms = {
  grupo: (id: string) => `grupo:${id}`,
  tienda: (id: string) => `tienda:${id}`,
  producto: (id: string) => `producto:${id}`,
} as const;
