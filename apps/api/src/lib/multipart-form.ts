import { ERROR_CODES } from '@compra-grupal/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';

const DATOS_INVALIDOS = 'Los datos enviados no son válidos';

/**
 * The limits of every multipart form (registered with @fastify/multipart in app.ts): one file,
 * a few short text fields. Past them the request is refused with 413 before it is all read.
 */
export const MULTIPART_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: 1,
  fields: 20,
  fieldSize: 8 * 1024,
  parts: 21,
} as const;

/**
 * Reads a multipart form: its text fields, checked with `schema` (400 naming each bad field),
 * and the one file allowed, under `fileField` (null when absent; any other file is a 400).
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  fileField: string,
): Promise<{ campos: z.output<S>; archivo: Buffer | null }> {
  const campos: Record<string, string> = {};
  let archivo: Buffer | null = null;
  let archivoAjeno: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read in full either way: the limits apply, and the stream must be drained.
        const data = await part.toBuffer();
        if (part.fieldname === fileField) archivo = data;
        else archivoAjeno = part.fieldname;
      } else {
        // A form sends every line break as CRLF (the HTML form encoding): one character each,
        // as typed, so a text at its length limit is not refused for its line breaks.
        campos[part.fieldname] = String(part.value).replace(/\r\n/g, '\n');
      }
    }
  } catch (error) {
    throw malformedOr(error);
  }
  if (archivoAjeno !== null) {
    throw new AppError(400, 'VALIDACION', DATOS_INVALIDOS, [
      { campo: archivoAjeno, mensaje: 'Este campo no acepta archivos' },
    ]);
  }
  const parsed = schema.safeParse(campos);
  if (!parsed.success) {
    throw new AppError(
      400,
      'VALIDACION',
      DATOS_INVALIDOS,
      parsed.error.issues.map((issue) => ({
        campo: issue.path.join('.'),
        mensaje: issue.message,
      })),
    );
  }
  return { campos: parsed.data, archivo };
}

/**
 * The parser's own complaints (no boundary in the Content-Type, a body that never reaches its
 * boundary or ends mid-part) are plain errors without a code: the client sent a broken form, a
 * 400. Errors with a code (the limits, answered 413 by the error handler) pass through.
 */
function malformedOr(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string')
    return error;
  return new AppError(
    400,
    ERROR_CODES.solicitudInvalida,
    'El formulario llegó mal formado o incompleto (multipart/form-data). Vuelve a enviarlo.',
  );
}
