import { randomInt } from 'node:crypto';
import { ALFABETO_CODIGO, LARGO_CODIGO } from '../../db/schema';

/**
 * A delivery code (DESIGN.md section 3): 6 characters drawn with the system's CSPRNG from an
 * alphabet without look-alikes (no 0/O, 1/I/L), about 887 million codes. Uniqueness is the
 * database's (`pedidos_codigo_idx`): the order's insert draws again on a collision.
 */
export function generarCodigoEntrega(): string {
  let codigo = '';
  for (let i = 0; i < LARGO_CODIGO; i++)
    codigo += ALFABETO_CODIGO[randomInt(ALFABETO_CODIGO.length)];
  return codigo;
}
