import { contraseniaCambiada } from './contrasenia-cambiada';
import type { PlantillaDeCorreo } from './plantilla';
import { recuperarContrasenia } from './recuperar-contrasenia';
import { verificarEmail } from './verificar-email';

/**
 * Every email the app sends, by name (the `plantilla` column). A new email adds its template
 * file beside this one and one line here.
 */
export const plantillas = {
  'verificar-email': verificarEmail,
  'recuperar-contrasenia': recuperarContrasenia,
  'contrasenia-cambiada': contraseniaCambiada,
} satisfies Record<string, PlantillaDeCorreo>;

export type NombreDePlantilla = keyof typeof plantillas;
