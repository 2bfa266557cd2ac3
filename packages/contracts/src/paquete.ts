import { z } from 'zod';
import { numero } from './numero';
import { jsonEnTexto } from './texto';

/** A package's bounds: what a courier or the post takes (weights in kg, sizes in cm). */
export const LIMITES_PAQUETE = {
  pesoMinimo: 0.1,
  pesoMaximo: 1000,
  medidaMinima: 1,
  medidaMaxima: 300,
} as const;

const medida = (campo: string) =>
  numero({
    min: LIMITES_PAQUETE.medidaMinima,
    max: LIMITES_PAQUETE.medidaMaxima,
    mensaje: `${campo} debe estar entre ${LIMITES_PAQUETE.medidaMinima} y ${LIMITES_PAQUETE.medidaMaxima} cm`,
  });

/** The package of the checkout's step 4 (spec file 1, section 3): kg and cm. */
export const paqueteSchema = z
  .object({
    peso: numero({
      min: LIMITES_PAQUETE.pesoMinimo,
      max: LIMITES_PAQUETE.pesoMaximo,
      mensaje: `El peso debe estar entre ${LIMITES_PAQUETE.pesoMinimo} y ${LIMITES_PAQUETE.pesoMaximo} kg`,
    }),
    largo: medida('El largo'),
    ancho: medida('El ancho'),
    alto: medida('El alto'),
  })
  .meta({ id: 'Paquete' });

export type Paquete = z.infer<typeof paqueteSchema>;

/**
 * The package one unit of a product ships in (kg and cm), declared by its seller in the
 * product wizard. Shipping is priced from these, never from a size a shopper's client sends
 * (docs/decisions/051).
 */
export const PAQUETE_POR_DEFECTO: Paquete = { peso: 1, largo: 30, ancho: 20, alto: 10 };

/** What the product wizard proposes for a store of each global category. */
export const PAQUETES_POR_CATEGORIA: Readonly<Record<string, Paquete>> = {
  Almacén: { peso: 1, largo: 20, ancho: 15, alto: 10 },
  Verdulería: { peso: 1, largo: 30, ancho: 20, alto: 15 },
  Carnicería: { peso: 1, largo: 25, ancho: 20, alto: 8 },
  Panadería: { peso: 0.5, largo: 25, ancho: 20, alto: 10 },
  Bebidas: { peso: 1.6, largo: 32, ancho: 10, alto: 10 },
  Limpieza: { peso: 1.2, largo: 28, ancho: 20, alto: 10 },
  Mascotas: { peso: 3, largo: 40, ancho: 30, alto: 10 },
  Electrónica: { peso: 1.5, largo: 35, ancho: 25, alto: 12 },
  'Hogar y Deco': { peso: 2, largo: 40, ancho: 30, alto: 20 },
  Indumentaria: { peso: 0.5, largo: 35, ancho: 25, alto: 5 },
  'Farmacia y Perfumería': { peso: 0.3, largo: 15, ancho: 10, alto: 8 },
  Librería: { peso: 0.8, largo: 30, ancho: 22, alto: 5 },
};

export const paquetePorCategoria = (categoria: string | null | undefined): Paquete =>
  (categoria && PAQUETES_POR_CATEGORIA[categoria]) || PAQUETE_POR_DEFECTO;

const redondearA = (valor: number, decimales: number) => {
  const factor = 10 ** decimales;
  return Math.ceil(valor * factor - 1e-9) / factor;
};

/**
 * The one box the units of an order part travel in: the weights add up, and the box holds the
 * units' whole volume (what a carrier's volumetric weight reads), as near a cube as the
 * largest unit lets it be; one unit alone keeps its own package.
 */
export function paqueteDeLineas(
  lineas: readonly { paquete: Paquete; cantidad: number }[],
): Paquete {
  let peso = 0;
  let volumen = 0;
  let mayor = 0;
  let medio = 0;
  let menor = 0;
  for (const { paquete, cantidad } of lineas) {
    const [l = 0, a = 0, h = 0] = [paquete.largo, paquete.ancho, paquete.alto].sort(
      (x, y) => y - x,
    );
    peso += paquete.peso * cantidad;
    volumen += l * a * h * cantidad;
    mayor = Math.max(mayor, l);
    medio = Math.max(medio, a);
    menor = Math.max(menor, h);
  }
  if (volumen === 0) return PAQUETE_POR_DEFECTO;
  const largo = redondearA(Math.max(mayor, Math.cbrt(volumen)), 1);
  const ancho = redondearA(Math.max(medio, Math.sqrt(volumen / largo)), 1);
  const alto = redondearA(Math.max(menor, volumen / (largo * ancho)), 1);
  return { peso: redondearA(peso, 2), largo, ancho, alto };
}

/** A product's package, sent as JSON text inside the multipart product form. */
export const paqueteEnJsonSchema = jsonEnTexto(paqueteSchema, {
  max: 500,
  describe: 'JSON de Paquete: peso en kg, largo, ancho y alto en cm de una unidad embalada',
  invalido: 'El embalaje no es un JSON válido',
  largo: 'El embalaje es demasiado largo',
});
