import { z } from 'zod';
import { CONSTANTES } from './constants';
import { alturaSchema } from './direccion';
import { idSchema } from './ids';
import { numero } from './numero';
import { texto } from './texto';

const requerido = (campo: string, max: number) => texto({ max, min: 1, campo });

const COMPLETA_LOS_CAMPOS = 'Por favor completa todos los campos';
const EMAIL_INVALIDO = 'Por favor ingresa un email válido';
const CONTRASENIA_LARGA = 'La contraseña es demasiado larga';

/**
 * An email field as the OpenAPI document says it: `format: email` alone takes addresses that
 * `z.email()` refuses (`!#$%` in the local part, a quoted one), so its pattern goes along.
 */
export const EMAIL_EN_EL_DOCUMENTO = { format: 'email', pattern: z.regexes.email.source } as const;

export const emailSchema = texto({
  max: 254,
  mensajes: { requerido: COMPLETA_LOS_CAMPOS, largo: EMAIL_INVALIDO, invalido: EMAIL_INVALIDO },
})
  .toLowerCase()
  .meta({ example: 'ana.perez@ejemplo.com.ar', ...EMAIL_EN_EL_DOCUMENTO })
  .pipe(z.email(EMAIL_INVALIDO));

/** A password is taken exactly as typed (not trimmed), but takes no control character. */
export const contraseniaSchema = texto({
  max: 200,
  min: CONSTANTES.contraseniaLongitudMinima,
  recortar: false,
  mensajes: {
    requerido: COMPLETA_LOS_CAMPOS,
    corto: `La contraseña debe tener al menos ${CONSTANTES.contraseniaLongitudMinima} caracteres`,
    largo: CONTRASENIA_LARGA,
    invalido: 'La contraseña contiene caracteres no permitidos',
  },
});

const TELEFONO_INVALIDO = 'Por favor ingresa un teléfono válido';

export const telefonoSchema = texto({
  max: 30,
  min: 6,
  mensajes: {
    requerido: TELEFONO_INVALIDO,
    largo: TELEFONO_INVALIDO,
    invalido: TELEFONO_INVALIDO,
  },
})
  .regex(/^[+\d\s()-]+$/, TELEFONO_INVALIDO)
  .meta({ example: '+54 11 5555-4444' });

/**
 * Address block of the register dialog (spec file 1, section 3). Besides the spec's fields it
 * takes the door's `number` and an `apartment`; `street` is then the street alone. It has no
 * point on the map: checkout asks for it before the first quote.
 */
export const direccionRegistroSchema = z.object({
  street: requerido('La calle', 200),
  number: alturaSchema.optional(),
  apartment: texto({ max: 200, campo: 'El departamento' }).optional(),
  city: requerido('La ciudad', 100),
  state: requerido('La provincia', 100),
  zipCode: texto({ max: 12, campo: 'El código postal' }).optional().default(''),
  country: requerido('El país', 60).default(CONSTANTES.paisPorDefecto),
});

export const registrarRequestSchema = z
  .object({
    nombre: requerido('El nombre', 120),
    email: emailSchema,
    contrasenia: contraseniaSchema,
    telefono: telefonoSchema,
    direcciones: z.array(direccionRegistroSchema).max(5).optional(),
    direccionActivaIndex: numero({
      min: 0,
      max: 4,
      entero: true,
      mensaje: 'La dirección activa no es válida',
    }).optional(),
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
    contrasenia: texto({
      max: 200,
      min: 1,
      recortar: false,
      mensajes: {
        requerido: COMPLETA_LOS_CAMPOS,
        largo: CONTRASENIA_LARGA,
        invalido: 'La contraseña contiene caracteres no permitidos',
      },
    }),
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
    usuario: z.object({
      nombre: z.string(),
      email: z.string(),
      emailVerificado: z.boolean().describe('Si la persona confirmó su correo con el enlace'),
    }),
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

export const esAdminResponseSchema = z.object({ esAdmin: z.boolean() });

/** The ways to sign in this server offers beyond email and password. */
export const metodosDeIngresoResponseSchema = z
  .object({ google: z.boolean().describe('Si el ingreso con Google puede funcionar') })
  .meta({ id: 'MetodosDeIngreso' });
export type MetodosDeIngreso = z.infer<typeof metodosDeIngresoResponseSchema>;

/**
 * A single-use link's token as it arrives from the email (32 random bytes, base64url). Any
 * other text is looked up all the same, so a malformed token answers what an unknown one does.
 */
export const tokenDeCuentaSchema = texto({
  max: 200,
  min: 1,
  mensajes: {
    requerido: 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.',
    largo: 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.',
    invalido: 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.',
  },
}).meta({ example: 'q3Zt0m4r9cJw1b8Xy2vKpL6sNfHd5aUeGiRoTlBnMcQ' });

export const verificarEmailQuerySchema = z.object({ token: tokenDeCuentaSchema });

export const recuperarContraseniaRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'RecuperarContraseniaRequest' });

/** The new password follows the register form's rules (contraseniaSchema). */
export const restablecerContraseniaRequestSchema = z
  .object({ token: tokenDeCuentaSchema, contrasenia: contraseniaSchema })
  .meta({ id: 'RestablecerContraseniaRequest' });

/** The one answer of POST /usuario/recuperar-contrasenia, whether the email exists or not. */
export const RECUPERAR_CONTRASENIA_MENSAJE =
  'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';

export type RecuperarContraseniaRequest = z.input<typeof recuperarContraseniaRequestSchema>;
export type RestablecerContraseniaRequest = z.input<typeof restablecerContraseniaRequestSchema>;
