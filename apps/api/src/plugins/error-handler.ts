import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
} from '@compra-grupal/contracts';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { tipoDeErrorDeBaseDeDatos } from '../lib/db-errors';

/** Retry-After of a 503 for a database that did not answer. */
const REINTENTAR_EN_SEGUNDOS = 5;

/** The one error shape every API failure answers with. */
export const errorBody = (
  error: string,
  code: ErrorCode,
  detalles?: ErrorBody['detalles'],
): ErrorBody => ({
  error,
  mensaje: error,
  code,
  ...(detalles ? { detalles } : {}),
});

/** Fastify's own client errors, translated; anything else 4xx gets a generic Spanish message. */
const fastifyErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.cuerpoDemasiadoGrande,
    message: 'La solicitud supera el tamaño permitido',
  },
  // @fastify/multipart: past the limits of lib/multipart-form.ts, or not a multipart request.
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.cuerpoDemasiadoGrande,
    message: 'La imagen supera el tamaño permitido (5 MB)',
  },
  FST_FILES_LIMIT: {
    status: 413,
    code: ERROR_CODES.cuerpoDemasiadoGrande,
    message: 'Se envió más de un archivo',
  },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: ERROR_CODES.cuerpoDemasiadoGrande,
    message: 'La solicitud tiene demasiados campos',
  },
  FST_PARTS_LIMIT: {
    status: 413,
    code: ERROR_CODES.cuerpoDemasiadoGrande,
    message: 'La solicitud tiene demasiadas partes',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ERROR_CODES.tipoDeContenidoNoSoportado,
    message: 'Esta solicitud se envía como multipart/form-data',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.tipoDeContenidoNoSoportado,
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
      const body = errorBody(error.message, error.code, error.detalles);
      if (error.tiendasSinMP) body.tiendasSinMP = error.tiendasSinMP;
      return reply.status(error.statusCode).send(body);
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
        .send(errorBody(ERROR_MESSAGES.SOLICITUD_INVALIDA, ERROR_CODES.solicitudInvalida));
    }
    const tipo = tipoDeErrorDeBaseDeDatos(error);
    if (tipo) request.server.metrics?.port.errorDeBaseDeDatos(tipo);
    // The database away or too slow is not this request's fault: 503 and when to come back
    // (the pool has dropped the broken connection; the next request opens a new one).
    if (tipo === 'conexion' || tipo === 'tiempo_agotado') {
      request.log.warn({ err: error, tipo }, 'la base de datos no respondió a la solicitud');
      return reply
        .status(503)
        .header('retry-after', String(REINTENTAR_EN_SEGUNDOS))
        .send(
          errorBody(
            ERROR_MESSAGES.BASE_DE_DATOS_NO_DISPONIBLE,
            ERROR_CODES.baseDeDatosNoDisponible,
          ),
        );
    }
    request.log.error({ err: error }, 'error no controlado');
    return reply
      .status(500)
      .send(errorBody(ERROR_MESSAGES.ERROR_INTERNO, ERROR_CODES.errorInterno));
  });
}

/** Errors of the router, before any route or hook runs (Fastify's `frameworkErrors`). */
const routerErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: ERROR_CODES.urlInvalida,
    message: 'La dirección solicitada no es válida',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: ERROR_CODES.urlDemasiadoLarga,
    message: 'La dirección solicitada es demasiado larga',
  },
};

/**
 * Fastify's `frameworkErrors` option: a malformed percent-encoding (400) or a path parameter
 * over `maxParamLength` (414) answer the shared error body instead of Fastify's own.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  // Answered before any hook runs: the request id is set here.
  reply.header('x-request-id', request.id);
  const known = routerErrors[error.code];
  if (known) {
    reply.code(known.status).send(errorBody(known.message, known.code));
    return;
  }
  request.log.error({ err: error }, 'error no controlado del enrutador');
  reply.code(500).send(errorBody(ERROR_MESSAGES.ERROR_INTERNO, ERROR_CODES.errorInterno));
};

/** Node's HTTP parser errors, by `err.code`; any other is a 400. */
const parserErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: ERROR_CODES.encabezadosDemasiadoGrandes,
    message: 'Los encabezados de la solicitud son demasiado grandes',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: ERROR_CODES.tiempoAgotado,
    message: 'La solicitud tardó demasiado',
  },
};
const parserErrorDefault = {
  status: 400,
  code: ERROR_CODES.solicitudInvalida,
  message: ERROR_MESSAGES.SOLICITUD_INVALIDA,
};

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request (headers too
 * large, malformed request line...) before Fastify saw it, so the answer is written on the raw
 * socket: a complete HTTP/1.1 response whose body is the shared error body, then the
 * connection closes. Nothing of the request is logged (its raw bytes may hold a token).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code ? parserErrors[error.code] : undefined) ?? parserErrorDefault;
  this.log.debug({ code: error.code, status: known.status }, 'solicitud HTTP rechazada');
  // As Node does: write only when no response of this connection has started.
  const enCurso = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !enCurso?.headersSent) {
    const body = JSON.stringify(errorBody(known.message, known.code));
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n' +
        '\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
