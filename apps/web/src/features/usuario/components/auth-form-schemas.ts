import { CONSTANTES, emailSchema, telefonoSchema } from '@compra-grupal/contracts';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { ToastOptions } from '@/components/ui/toast';
import { direccionCamposShape } from '@/entities/direccion/model/direccion-campos';

/** Inline messages of the login and register forms (spec part 1, section 5). */
const MENSAJES = {
  requerido: 'Este campo es obligatorio',
  email: 'Por favor ingresa un email válido',
  contraseniaCorta: `La contraseña debe tener al menos ${CONSTANTES.contraseniaLongitudMinima} caracteres`,
  contraseniasDistintas: 'Las contraseñas deben ser iguales',
  telefono: 'Por favor ingresa un teléfono válido',
} as const;

/** The validation toast of each rule, in the order the rules are checked. */
const TOASTS: readonly (readonly [string, ToastOptions])[] = [
  [
    MENSAJES.requerido,
    { title: 'Campos requeridos', description: 'Por favor completa todos los campos' },
  ],
  [
    MENSAJES.contraseniasDistintas,
    { title: 'Contraseñas no coinciden', description: MENSAJES.contraseniasDistintas },
  ],
  [
    MENSAJES.contraseniaCorta,
    { title: 'Contraseña muy corta', description: MENSAJES.contraseniaCorta },
  ],
  [MENSAJES.email, { title: 'Email inválido', description: MENSAJES.email }],
  [MENSAJES.telefono, { title: 'Teléfono inválido', description: MENSAJES.telefono }],
];

/** The toast for a failed validation: the first rule (in spec order) that any field breaks. */
export function validationToast<T extends FieldValues>(errors: FieldErrors<T>): ToastOptions {
  const messages = new Set(
    Object.values(errors).map((error) => (error as { message?: unknown } | undefined)?.message),
  );
  const found = TOASTS.find(([message]) => messages.has(message));
  return {
    ...(found?.[1] ?? TOASTS[0]?.[1] ?? { title: 'Campos requeridos' }),
    variant: 'destructive',
  };
}

const requerido = z.string().trim().min(1, MENSAJES.requerido);

const email = requerido.refine(
  (value) => !value || emailSchema.safeParse(value).success,
  MENSAJES.email,
);

const contraseniaNueva = z
  .string()
  .min(1, MENSAJES.requerido)
  .refine(
    (value) => !value || value.length >= CONSTANTES.contraseniaLongitudMinima,
    MENSAJES.contraseniaCorta,
  );

const telefono = requerido.refine(
  (value) => !value || telefonoSchema.safeParse(value).success,
  MENSAJES.telefono,
);

export const loginFormSchema = z.object({
  email,
  contrasenia: z.string().min(1, MENSAJES.requerido),
});

export type LoginFormValues = z.input<typeof loginFormSchema>;

const registroFields = {
  nombre: requerido,
  email,
  telefono,
  contrasenia: contraseniaNueva,
  confirmarContrasenia: z.string().min(1, MENSAJES.requerido),
};

const contraseniasIguales = {
  check: (values: { contrasenia: string; confirmarContrasenia: string }) =>
    values.contrasenia === values.confirmarContrasenia,
  params: { message: MENSAJES.contraseniasDistintas, path: ['confirmarContrasenia'] },
};

/** The register screen: the confirmation is checked here and never sent. */
export const registroFormSchema = z
  .object(registroFields)
  .refine(contraseniasIguales.check, contraseniasIguales.params);

export type RegistroFormValues = z.input<typeof registroFormSchema>;

/**
 * The register dialog adds the address block, typed as every address form of the app is
 * (country defaults to Argentina); it has no point on the map: checkout asks for it.
 */
export const registroConDireccionFormSchema = z
  .object({
    ...registroFields,
    ...direccionCamposShape,
    country: requerido,
  })
  .refine(contraseniasIguales.check, contraseniasIguales.params);

export type RegistroConDireccionFormValues = z.input<typeof registroConDireccionFormSchema>;

/** '¿Olvidaste tu contraseña?': the email to send the link to. */
export const recuperarFormSchema = z.object({ email });

export type RecuperarFormValues = z.input<typeof recuperarFormSchema>;

/** The new password of a recovery link: the register form's rules, confirmed. */
export const restablecerFormSchema = z
  .object({
    contrasenia: contraseniaNueva,
    confirmarContrasenia: z.string().min(1, MENSAJES.requerido),
  })
  .refine(contraseniasIguales.check, contraseniasIguales.params);

export type RestablecerFormValues = z.input<typeof restablecerFormSchema>;
