import { ERROR_CODES, type ErrorBody } from '@compra-grupal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** The one error shape every API failure answers with. */
export const errorBody = (
  error: string,
  code: string,
  detalles?: ErrorBody['detalles'],
): ErrorBody => ({
  error,
  mensaje: error,
  code,
  ...(detalles ? { detalles } : {}),
});

/** Fastify's own client errors, translated; anything else 4xx gets a generic Spanish message. */
const fastifyErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.cuerpoDemasiadoGrande,
    message: 'La solicitud supera el tamaño permitido',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'TIPO_DE_CONTENIDO_NO_SOPORTADO',
    message: 'El tipo de contenido de la solicitud no está soportado',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.validacion,
    message: 'El cuerpo de la solicitud está vacío',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.validacion,
    message: 'El cuerpo de la solicitud no es JSON válido',
  },
};

/** The one error handler (DESIGN.md section 4): every failure leaves as the shared error body. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.message, error.code, error.detalles));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detalles = error.validation.map((issue) => ({
        campo:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          '',
        mensaje: issue.message ?? 'Valor inválido',
      }));
      return reply
        .status(400)
        .send(errorBody('Los datos enviados no son válidos', ERROR_CODES.validacion, detalles));
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.message, known.code));

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(errorBody('La solicitud no es válida', 'SOLICITUD_INVALIDA'));
    }
    request.log.error({ err: error }, 'error no controlado');
    return reply
      .status(500)
      .send(
        errorBody('Ocurrió un error inesperado. Intenta nuevamente.', ERROR_CODES.errorInterno),
      );
  });
}
