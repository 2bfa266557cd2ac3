import { describe, expect, it } from 'vitest';
import { requireActor, requireOwner, requireRole } from './access';
import type { Actor } from './actor';
import { AppError } from './app-error';

const ana: Actor = { id: 'a'.repeat(24), roles: [] };
const beto: Actor = { id: 'b'.repeat(24), roles: ['repartidor'] };
const jefa: Actor = { id: 'c'.repeat(24), roles: ['admin'] };

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  return 'allowed';
};

describe('access rules', () => {
  it('anonymous callers get 401, whatever the rule', () => {
    const sinSesion = { status: 401, code: 'TOKEN_AUSENTE' };
    expect(failure(() => requireActor(null))).toEqual(sinSesion);
    expect(failure(() => requireOwner(null, ana.id))).toEqual(sinSesion);
    expect(failure(() => requireRole(null, 'admin'))).toEqual(sinSesion);
  });

  it('requireOwner: the owner and admins pass, anyone else gets 403', () => {
    expect(failure(() => requireOwner(ana, ana.id))).toBe('allowed');
    expect(failure(() => requireOwner(jefa, ana.id))).toBe('allowed');
    expect(failure(() => requireOwner(beto, ana.id))).toEqual({
      status: 403,
      code: 'ACCESO_DENEGADO',
    });
  });

  it('requireRole: only the listed roles pass (admins only when listed)', () => {
    expect(failure(() => requireRole(beto, 'repartidor'))).toBe('allowed');
    expect(failure(() => requireRole(jefa, 'repartidor'))).toEqual({
      status: 403,
      code: 'ACCESO_DENEGADO',
    });
    expect(failure(() => requireRole(jefa, 'repartidor', 'admin'))).toBe('allowed');
    expect(failure(() => requireRole(ana, 'admin'))).toEqual({
      status: 403,
      code: 'ACCESO_DENEGADO',
    });
  });
});
