import { ApiError } from '@/lib/api-client';

/** The user has no store (404). */
export function esTiendaNoEncontrada(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
