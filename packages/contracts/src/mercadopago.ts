import { z } from 'zod';
import { texto } from './texto';

/** GET oauth/mercadopago/iniciar/{userId}: where to send the browser to authorize the link. */
export const iniciarVinculacionResponseSchema = z
  .object({ authUrl: z.string() })
  .meta({ id: 'IniciarVinculacionResponse' });

/** GET oauth/mercadopago/verificar/{userId}: whether the seller's account is linked. */
export const verificarVinculacionResponseSchema = z
  .object({ vinculado: z.boolean() })
  .meta({ id: 'VerificarVinculacionResponse' });

/** The query the provider (or the sandbox's consent page) sends the browser back with. */
export const callbackVinculacionQuerySchema = z.object({
  code: texto({ max: 512 }).optional(),
  state: texto({ max: 2048 }).optional(),
  error: texto({ max: 200 }).optional(),
  error_description: texto({ max: 500 }).optional(),
});

/** Texts of the link screens (spec file 2, section 2) shared by the API's redirect and the web. */
export const VINCULACION_MENSAJES = {
  exito: 'Tu cuenta de Mercado Pago ha sido vinculada exitosamente',
  error: 'Hubo un error al vincular tu cuenta de Mercado Pago',
  cancelada: 'Cancelaste la autorización en Mercado Pago',
  expirada: 'La solicitud de vinculación expiró o ya fue usada. Vuelve a intentarlo.',
} as const;
