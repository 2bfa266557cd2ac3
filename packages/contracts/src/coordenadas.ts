import { numero } from './numero';

/** Coordinates in degrees: finite, within range, never subnormal (see `MAGNITUD_MINIMA`). */
export const latitudSchema = numero({ min: -90, max: 90, mensaje: 'Latitud inválida' }).meta({
  example: -34.6037,
});
export const longitudSchema = numero({ min: -180, max: 180, mensaje: 'Longitud inválida' }).meta({
  example: -58.3816,
});
