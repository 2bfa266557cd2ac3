import { ERROR_MESSAGES, type ErrorCode } from '@compra-grupal/contracts';

/**
 * A failure the client should see: HTTP status, stable machine code (one of the contract's
 * `ERROR_CODES`) and a Spanish message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly detalles?: { campo: string; mensaje: string }[],
    /** TIENDAS_SIN_MP: the stores that cannot take payments yet (spec: `tiendasSinMP`). */
    readonly tiendasSinMP?: { nombre: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A code whose message is always the same: the contract's `ERROR_MESSAGES`. */
export type CodeWithMessage = keyof typeof ERROR_MESSAGES;

/** The error of a code with its fixed message from the contract. */
export const appError = (statusCode: number, code: CodeWithMessage) =>
  new AppError(statusCode, code, ERROR_MESSAGES[code]);

export const notFound = (code: CodeWithMessage) => appError(404, code);
