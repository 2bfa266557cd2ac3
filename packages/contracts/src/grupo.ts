import { z } from 'zod';

/**
 * A purchase group's states (DESIGN.md, Purchase groups): `abierto` takes places; `cerrado`
 * filled up or was closed by its seller; `completado` every order in it was delivered;
 * `cancelado` the product team (or its deadline) cancelled it and the places were refunded.
 */
export const ESTADOS_GRUPO = ['abierto', 'cerrado', 'completado', 'cancelado'] as const;
export const estadoGrupoSchema = z.enum(ESTADOS_GRUPO);
export type EstadoGrupo = z.infer<typeof estadoGrupoSchema>;
