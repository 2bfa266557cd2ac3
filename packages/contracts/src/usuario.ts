import { z } from 'zod';
import { CONSTANTES } from './constants';
import { idSchema } from './ids';

const requerido = (campo: string) => z.string().trim().min(1, `${campo} es obligatorio`);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Por favor ingresa un email válido'));

export const contraseniaSchema = z
  .string()
  .min(
    CONSTANTES.contraseniaLongitudMinima,
    `La contraseña debe tener al menos ${CONSTANTES.contraseniaLongitudMinima} caracteres`,
  )
  .max(200, 'La contraseña es demasiado larga');

const TELEFONO_INVALIDO = 'Por favor ingresa un teléfono válido';

export const telefonoSchema = z
  .string()
  .trim()
  .min(6, TELEFONO_INVALIDO)
  .max(30, TELEFONO_INVALIDO)
  .regex(/^[+\d\s()-]+$/, TELEFONO_INVALIDO);

/** Address block of the register dialog (spec file 1, section 3). */
export const direccionRegistroSchema = z.object({
  street: requerido('La calle'),
  city: requerido('La ciudad'),
  state: requerido('La provincia'),
  zipCode: z.string().trim().max(12).optional().default(''),
  country: z.string().trim().min(1).default(CONSTANTES.paisPorDefecto),
});

export const registrarRequestSchema = z
  .object({
    nombre: requerido('El nombre').max(120),
    email: emailSchema,
    contrasenia: contraseniaSchema,
    telefono: telefonoSchema,
    direcciones: z.array(direccionRegistroSchema).max(5).optional(),
    direccionActivaIndex: z.number().int().min(0).optional(),
  })
  .meta({ id: 'RegistrarRequest' });

export const usuarioPublicoSchema = z.object({
  _id: idSchema,
  nombre: z.string(),
  email: z.string(),
});

export const registrarResponseSchema = z
  .object({ mensaje: z.string(), usuario: usuarioPublicoSchema })
  .meta({ id: 'RegistrarResponse' });

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    contrasenia: z.string().min(1, 'Por favor completa todos los campos').max(200),
  })
  .meta({ id: 'LoginRequest' });

export const accessTokenResponseSchema = z
  .object({ accessToken: z.string() })
  .meta({ id: 'AccessToken' });

export const mensajeResponseSchema = z.object({ mensaje: z.string() }).meta({ id: 'Mensaje' });

export const userIdBodySchema = z.object({ userId: idSchema });
export const userIdParamsSchema = z.object({ userId: idSchema });

export const esVendedorResponseSchema = z.object({ esVendedor: z.boolean() });
export const esRepartidorResponseSchema = z.object({ esRepartidor: z.boolean() });

export const usuarioResponseSchema = z
  .object({
    success: z.literal(true),
    usuario: z.object({ nombre: z.string(), email: z.string() }),
  })
  .meta({ id: 'UsuarioResponse' });

export const telefonoResponseSchema = z.object({ telefono: z.string() });
export const telefonoRequestSchema = z.object({ telefono: telefonoSchema });

/** Decoded access token: the userId and the expiry in seconds since the epoch. */
export const accessTokenPayloadSchema = z.object({
  userId: idSchema,
  exp: z.number(),
});

export type RegistrarRequest = z.input<typeof registrarRequestSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;
