import type { Paquete } from '@compra-grupal/contracts';
import type { ProductoRow } from './producto.repository';

type ColumnasDePaquete = Pick<
  ProductoRow,
  'paquetePesoGramos' | 'paqueteLargoMm' | 'paqueteAnchoMm' | 'paqueteAltoMm'
>;

/** A product's package as its row keeps it: grams and millimetres (migration 0027). */
export const columnasDePaquete = (paquete: Paquete): ColumnasDePaquete => ({
  paquetePesoGramos: Math.round(paquete.peso * 1000),
  paqueteLargoMm: Math.round(paquete.largo * 10),
  paqueteAnchoMm: Math.round(paquete.ancho * 10),
  paqueteAltoMm: Math.round(paquete.alto * 10),
});

/** The package of one unit, in the wire's kg and cm. */
export const paqueteDeFila = (fila: ColumnasDePaquete): Paquete => ({
  peso: fila.paquetePesoGramos / 1000,
  largo: fila.paqueteLargoMm / 10,
  ancho: fila.paqueteAnchoMm / 10,
  alto: fila.paqueteAltoMm / 10,
});
