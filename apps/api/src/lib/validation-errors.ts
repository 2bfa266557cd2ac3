import type { FastifySchemaValidationError } from 'fastify';
import { AppError } from './app-error';

/**
 * A route's `schemaErrorFormatter` for forms whose screen shows one message: the answer is the
 * shared VALIDACION error with every field in `detalles`, as the error handler gives it, but
 * its `error`/`mensaje` is the first field's own message (a spec text such as 'Ya existe una
 * categoría con ese nombre') instead of the generic 'Los datos enviados no son válidos'.
 */
export function validacionConMensajeDelCampo(
  errors: FastifySchemaValidationError[],
  dataVar: string,
): Error {
  const detalles = errors.map((issue) => ({
    campo: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || dataVar,
    mensaje: issue.message ?? 'Valor inválido',
  }));
  return new AppError(
    400,
    'VALIDACION',
    detalles[0]?.mensaje ?? 'Los datos enviados no son válidos',
    detalles,
  );
}
