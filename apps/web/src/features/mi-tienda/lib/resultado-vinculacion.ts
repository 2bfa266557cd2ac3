import { tieneCaracteresNoPermitidos, VINCULACION_MENSAJES } from '@compra-grupal/contracts';

export type TipoResultadoVinculacion = 'exito' | 'error' | 'completada';

export interface ResultadoVinculacion {
  tipo: TipoResultadoVinculacion;
  titulo: string;
  mensaje: string;
}

/** A message from the address is shown as plain text, and only so much of it. */
const MENSAJE_MAXIMO = 300;

function mensajeDe(params: URLSearchParams): string | null {
  const mensaje = params.get('mensaje')?.trim();
  // A message with characters no sentence has is not shown: the default one is.
  if (!mensaje || tieneCaracteresNoPermitidos(mensaje)) return null;
  return mensaje.slice(0, MENSAJE_MAXIMO);
}

/**
 * What the return from Mercado Pago says (spec part 2, section 2, /mercadopago-callback):
 * - success=true: success, with `mensaje` or 'Tu cuenta de Mercado Pago ha sido vinculada
 *   exitosamente';
 * - error=true or success=false: 'Error en la vinculación', with `mensaje` or 'Hubo un error al
 *   vincular tu cuenta de Mercado Pago';
 * - neither: 'Vinculación completada'.
 */
export function resultadoVinculacion(params: URLSearchParams): ResultadoVinculacion {
  const success = params.get('success');
  const mensaje = mensajeDe(params);
  if (success === 'true') {
    return {
      tipo: 'exito',
      titulo: '¡Cuenta vinculada!',
      mensaje: mensaje ?? VINCULACION_MENSAJES.exito,
    };
  }
  if (params.get('error') === 'true' || success === 'false') {
    return {
      tipo: 'error',
      titulo: 'Error en la vinculación',
      mensaje: mensaje ?? VINCULACION_MENSAJES.error,
    };
  }
  return {
    tipo: 'completada',
    titulo: 'Vinculación completada',
    mensaje: mensaje ?? 'Ya puedes seguir configurando tu tienda.',
  };
}
