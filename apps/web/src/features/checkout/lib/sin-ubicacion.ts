import { ERROR_CODES } from '@compra-grupal/contracts';
import { ApiError } from '@/lib/api-client';
import { CHECKOUT_TEXTOS } from './textos';

/**
 * The server's reason when a quote failed because the address has no point ('Debes seleccionar
 * una ubicación en el mapa'); null for any other failure.
 */
export function motivoSinUbicacion(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const esSinUbicacion =
    error.code === ERROR_CODES.direccionSinUbicacion ||
    error.serverMessage === CHECKOUT_TEXTOS.seleccionaUbicacion;
  return esSinUbicacion ? (error.serverMessage ?? CHECKOUT_TEXTOS.seleccionaUbicacion) : null;
}
