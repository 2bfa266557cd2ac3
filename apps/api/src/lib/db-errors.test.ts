import { describe, expect, it } from 'vitest';
import { fallaDeLaBaseDeDatos, tipoDeErrorDeBaseDeDatos } from './db-errors';

/** An error as Drizzle wraps a driver's: its own message, the driver's error as `cause`. */
const envuelto = (causa: object) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { cause: causa });
const conCodigo = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('fallaDeLaBaseDeDatos', () => {
  it('tells a database that cannot be reached or was cut', () => {
    for (const error of [
      envuelto(conCodigo('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      envuelto(conCodigo('read ECONNRESET', 'ECONNRESET')),
      envuelto(new Error('Connection terminated unexpectedly')),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      envuelto(new Error('Client has encountered a connection error and is not queryable')),
      envuelto(conCodigo('terminating connection due to administrator command', '57P01')),
      envuelto(conCodigo('sorry, too many clients already', '53300')),
      envuelto(conCodigo('connection failure', '08006')),
    ]) {
      expect(fallaDeLaBaseDeDatos(error), error.message).toBe('conexion');
    }
  });

  it('tells a statement or a transaction that ran past its limit, or a silent server', () => {
    expect(
      fallaDeLaBaseDeDatos(
        envuelto(conCodigo('canceling statement due to statement timeout', '57014')),
      ),
    ).toBe('tiempo_agotado');
    expect(
      fallaDeLaBaseDeDatos(
        envuelto(conCodigo('terminating connection due to idle-in-transaction timeout', '25P03')),
      ),
    ).toBe('tiempo_agotado');
    expect(fallaDeLaBaseDeDatos(envuelto(new Error('Query read timeout')))).toBe('tiempo_agotado');
  });

  it('leaves the request’s own errors alone', () => {
    expect(
      fallaDeLaBaseDeDatos(envuelto(conCodigo('duplicate key value', '23505'))),
    ).toBeUndefined();
    expect(fallaDeLaBaseDeDatos(new Error('algo salió mal'))).toBeUndefined();
    expect(tipoDeErrorDeBaseDeDatos(envuelto(conCodigo('duplicate key value', '23505')))).toBe(
      'otro',
    );
    expect(tipoDeErrorDeBaseDeDatos(envuelto(conCodigo('deadlock detected', '40P01')))).toBe(
      'conflicto',
    );
    expect(tipoDeErrorDeBaseDeDatos(new Error('algo salió mal'))).toBeUndefined();
  });
});
