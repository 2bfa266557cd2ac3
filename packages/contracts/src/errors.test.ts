import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, errorBodySchema, errorCodeSchema } from './errors';

describe('error codes', () => {
  it('the enum of the error body is exactly the codes, each once', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...errorCodeSchema.options].sort()).toEqual([...codes].sort());
  });

  it('every fixed message belongs to a code', () => {
    for (const code of Object.keys(ERROR_MESSAGES)) {
      expect(errorCodeSchema.safeParse(code).success, code).toBe(true);
    }
  });

  it('an error body with a code the contract does not list is refused', () => {
    const body = { error: 'x', mensaje: 'x', code: 'INVENTADO' };
    expect(errorBodySchema.safeParse(body).success).toBe(false);
    expect(errorBodySchema.parse({ ...body, code: 'ACCESO_DENEGADO' }).code).toBe(
      'ACCESO_DENEGADO',
    );
  });
});
