import { LIMITES_PAQUETE, type Paquete, paqueteSchema } from '@compra-grupal/contracts';
import { z } from 'zod';

/** One of a package's four numbers. */
export type ClavePaquete = keyof Paquete;

/** A package as typed in its four fields (the number inputs' values). */
export type PaqueteEscrito = Record<ClavePaquete, string>;

export interface CampoDePaquete {
  clave: ClavePaquete;
  etiqueta: string;
  /** The number input's bounds and step: the contract's (LIMITES_PAQUETE). */
  min: number;
  max: number;
  step: string;
}

const medida = { min: LIMITES_PAQUETE.medidaMinima, max: LIMITES_PAQUETE.medidaMaxima };

/** The 'Embalaje' fields of the product wizard and the edit dialog: one unit's package. */
export const CAMPOS_PAQUETE: readonly CampoDePaquete[] = [
  {
    clave: 'peso',
    etiqueta: 'Peso (kg)',
    min: LIMITES_PAQUETE.pesoMinimo,
    max: LIMITES_PAQUETE.pesoMaximo,
    step: '0.1',
  },
  { clave: 'largo', etiqueta: 'Largo (cm)', ...medida, step: 'any' },
  { clave: 'ancho', etiqueta: 'Ancho (cm)', ...medida, step: 'any' },
  { clave: 'alto', etiqueta: 'Alto (cm)', ...medida, step: 'any' },
];

export const CLAVES_PAQUETE: readonly ClavePaquete[] = CAMPOS_PAQUETE.map(({ clave }) => clave);

/** The contract's rule of each number, with its message ('El peso debe estar entre 0.1 y 1000 kg'). */
export const REGLAS_PAQUETE = paqueteSchema.shape;

/** A package as its fields show it. */
export function paqueteEscrito(paquete: Paquete): PaqueteEscrito {
  return {
    peso: String(paquete.peso),
    largo: String(paquete.largo),
    ancho: String(paquete.ancho),
    alto: String(paquete.alto),
  };
}

/**
 * A number input's value read as a number: a number input always gives a dot as the decimal
 * mark ('1.5', whatever the keyboard typed), so it is not read the es-AR way of the text fields
 * ('1.500' there is fifteen hundred). '' (empty, or what the browser could not read) is NaN.
 */
export function leerMedida(texto: string): number {
  const limpio = texto.trim();
  return limpio === '' ? Number.NaN : Number(limpio);
}

/** The package of the four fields, already checked by the step or the form. */
export function paqueteLeido(escrito: PaqueteEscrito): Paquete {
  return {
    peso: leerMedida(escrito.peso),
    largo: leerMedida(escrito.largo),
    ancho: leerMedida(escrito.ancho),
    alto: leerMedida(escrito.alto),
  };
}

/** One field as typed, then the contract's rule of it; empty says `vacio`. */
export function medidaEscrita(clave: ClavePaquete, vacio: string) {
  return z.string().superRefine((texto, ctx) => {
    if (texto.trim() === '') {
      ctx.addIssue({ code: 'custom', message: vacio });
      return;
    }
    const resultado = REGLAS_PAQUETE[clave].safeParse(leerMedida(texto));
    if (!resultado.success) {
      ctx.addIssue({ code: 'custom', message: resultado.error.issues[0]?.message ?? vacio });
    }
  });
}
