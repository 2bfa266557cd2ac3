import { z } from 'zod';

/**
 * The smallest magnitude a request number may have, zero aside. Every subnormal double
 * (0 < |x| < 2.2e-308, such as 5e-324) is below it: PostgreSQL refuses some of them and its
 * float8 arithmetic raises an underflow on others, which answered 500. No field of the API has
 * a meaningful value that small, so the contract refuses 0 < |x| < 1e-300 with a 400 instead
 * of rounding it silently. Zod already refuses NaN and ±Infinity (a JSON `1e400` parses as
 * Infinity), and every number has bounds.
 */
export const MAGNITUD_MINIMA = 1e-300;

export const esMagnitudAceptable = (valor: number) =>
  valor === 0 || Math.abs(valor) >= MAGNITUD_MINIMA;

/**
 * The refused magnitudes for the OpenAPI document (3.0 spelling, as the document is written):
 * not strictly between -MAGNITUD_MINIMA and MAGNITUD_MINIMA, unless zero.
 */
export const MAGNITUD_NO_ACEPTADA = {
  minimum: -MAGNITUD_MINIMA,
  maximum: MAGNITUD_MINIMA,
  exclusiveMinimum: true,
  exclusiveMaximum: true,
  not: { enum: [0] },
};

export interface NumeroOpciones {
  min: number;
  max: number;
  /** Whole numbers only (within the safe integer range). */
  entero?: boolean;
  /** The message of every failure, unless `mensajes` names a more precise one. */
  mensaje: string;
  mensajes?: { tipo?: string; entero?: string; rango?: string };
}

// biome-ignore lint/suspicious/noExplicitAny: any input type a coerced number takes
type NumeroZod = z.ZodNumber | z.ZodCoercedNumber<any>;

function acotar<T extends NumeroZod>(
  schema: T,
  { min, max, entero = false, mensaje, mensajes = {} }: NumeroOpciones,
): T {
  const rango = mensajes.rango ?? mensaje;
  let acotado = schema as z.ZodNumber;
  if (entero) acotado = acotado.int(mensajes.entero ?? mensaje);
  acotado = acotado
    .min(min, rango)
    .max(max, rango)
    .refine(esMagnitudAceptable, { error: rango, when: (payload) => payload.issues.length === 0 });
  // A whole number is never that small: the document says it of fractions only.
  if (!entero) acotado = acotado.meta({ not: MAGNITUD_NO_ACEPTADA });
  return acotado as T;
}

/** A JSON number of a request: finite, within `min` and `max`, not subnormal. */
export function numero(opciones: NumeroOpciones): z.ZodNumber {
  return acotar(z.number({ error: opciones.mensajes?.tipo ?? opciones.mensaje }), opciones);
}

/** The same, read from a query string (coerced: '' is 0, 'abc' is refused). */
export function numeroCoercido<Entrada = unknown>(
  opciones: NumeroOpciones,
): z.ZodCoercedNumber<Entrada> {
  return acotar(
    z.coerce.number<Entrada>({ error: opciones.mensajes?.tipo ?? opciones.mensaje }),
    opciones,
  );
}
