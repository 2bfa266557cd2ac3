import { z } from 'zod';

/**
 * Text the API accepts (CONVENTIONS rule 16): every request string is built here, so it is
 * trimmed, has a maximum length and takes no character that the database cannot store or
 * that has no place in a form field.
 */

export const CARACTERES_NO_PERMITIDOS = 'Contiene caracteres no permitidos';

/**
 * Whether `valor` holds a character no text field takes:
 * - C0 controls U+0000 to U+001F (NUL cannot be stored by PostgreSQL at all); a multi-line
 *   field keeps tab, line feed and carriage return;
 * - DEL U+007F and the C1 controls U+0080 to U+009F (terminal escapes, invisible breaks);
 * - lone surrogates (not Unicode: PostgreSQL refuses them in UTF-8);
 * - the noncharacters U+FFFE and U+FFFF.
 * Letters with accents, emoji (paired surrogates) and right-to-left text are all fine.
 */
export function tieneCaracteresNoPermitidos(valor: string, multilinea = false): boolean {
  for (let i = 0; i < valor.length; i++) {
    const c = valor.charCodeAt(i);
    if (c < 0x20) {
      if (multilinea && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return true;
    }
    if (c < 0x7f) continue;
    if (c <= 0x9f || c === 0xfffe || c === 0xffff) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const siguiente = valor.charCodeAt(i + 1);
      if (siguiente >= 0xdc00 && siguiente <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * A text's length in characters, as JSON Schema's `maxLength` counts them (code points): an
 * emoji is one, not the two UTF-16 units of `String.length`.
 */
export const longitud = (valor: string): number => [...valor].length;

/**
 * The refused characters above as a JSON Schema `not: { pattern }` (the OpenAPI document's
 * account of the rule; lone surrogates have no pattern without the `u` flag, and are refused too).
 */
const CONTROLES = '[\\u0000-\\u001F\\u007F-\\u009F\\uFFFE\\uFFFF]';
const CONTROLES_MULTILINEA =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uFFFE\\uFFFF]';

/**
 * A pattern of the values shorter than `min` (1 or more) once trimmed: spaces alone, or a few
 * characters between spaces. Written so that no two parts can take the same spaces, it takes
 * linear time on a long value.
 */
const masCortoQue = (min: number) => {
  if (min === 1) return '^\\s*$';
  const entre = min >= 3 ? `(?:[\\s\\S]{0,${min - 3}}\\S)?` : '';
  return `^\\s*$|^\\s*\\S${entre}\\s*$`;
};

export interface TextoOpciones {
  /** Longest value accepted, after trimming, in characters (`longitud`: an emoji is one). */
  max: number;
  /** Shortest value accepted, after trimming, in characters (0 by default: may be empty). */
  min?: number;
  /**
   * The field's name with its article, for the default messages: `${campo} es obligatorio`,
   * `${campo} puede tener hasta N caracteres`. Pass `mensajes` for other wording.
   */
  campo?: string;
  mensajes?: {
    /** Missing (and shorter than `min`, unless `corto` is given). */
    requerido?: string;
    /** Shorter than `min`. */
    corto?: string;
    /** Longer than `max`. */
    largo?: string;
    /** Not a string, or holding a character that is not allowed. */
    invalido?: string;
  };
  /** A multi-line field (a delivery note) keeps tab and line breaks. */
  multilinea?: boolean;
  /** Trim surrounding whitespace first (default); a password is taken exactly as typed. */
  recortar?: boolean;
}

/**
 * A request string: trimmed, `min` to `max` long, and free of the characters above. It is a
 * plain `ZodString`, so `.toLowerCase()`, `.regex()`, `.pipe(z.email())`, `.optional()` and
 * `.describe()` compose as usual.
 */
export function texto({
  max,
  min = 0,
  campo,
  mensajes = {},
  multilinea = false,
  recortar = true,
}: TextoOpciones): z.ZodString {
  const requerido =
    mensajes.requerido ?? (campo ? `${campo} es obligatorio` : 'Completa este campo');
  const largo = mensajes.largo ?? `${campo ?? 'El texto'} puede tener hasta ${max} caracteres`;
  const invalido =
    mensajes.invalido ??
    (campo ? `${campo} contiene caracteres no permitidos` : CARACTERES_NO_PERMITIDOS);
  let schema = z.string({
    error: (issue) =>
      issue.input === undefined ? requerido : (mensajes.invalido ?? 'Debe ser un texto'),
  });
  if (recortar) schema = schema.trim();
  schema = schema.refine((valor) => longitud(valor) <= max, largo);
  if (min > 0)
    schema = schema.refine((valor) => longitud(valor) >= min, mensajes.corto ?? requerido);
  const controles = multilinea ? CONTROLES_MULTILINEA : CONTROLES;
  return (
    schema
      .refine((valor) => !tieneCaracteresNoPermitidos(valor, multilinea), {
        error: invalido,
        // A value already refused (too long, for one) is not scanned.
        when: (payload) => payload.issues.length === 0,
      })
      // The document counts as the checks do: characters, and the trimmed value, so a value
      // shorter than `min` once trimmed (spaces alone, for `min: 1`) is refused there too.
      .meta({
        maxLength: max,
        ...(min > 0 ? { minLength: min } : {}),
        not: { pattern: recortar && min > 0 ? `${controles}|${masCortoQue(min)}` : controles },
      })
  );
}

/**
 * A JSON object sent as the text of one field of a multipart form (an address, a package, a
 * store's settings), parsed and then checked against `schema`.
 */
export function jsonEnTexto<S extends z.ZodType>(
  schema: S,
  {
    max,
    describe,
    invalido,
    largo,
  }: { max: number; describe: string; invalido: string; largo: string },
) {
  return texto({ max, multilinea: true, mensajes: { largo } })
    .describe(describe)
    .transform((valor, ctx) => {
      try {
        return JSON.parse(valor) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: invalido });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
