import { createHash, randomBytes } from 'node:crypto';
import { appError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { SesionRepository } from './sesion.repository';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sesionInvalida = () => appError(401, 'SESION_INVALIDA');

/**
 * Refresh tokens: opaque random strings, stored only as a hash, rotated on every use. Using a
 * token twice (a stolen copy, or a replay) revokes every token of its family.
 */
export function createSesionService({
  repository,
  ttlDays,
}: {
  repository: SesionRepository;
  ttlDays: number;
}) {
  async function issue(usuarioId: string, familia = newId()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repository.insert({
      id: newId(),
      usuarioId,
      familia,
      tokenHash: hashToken(token),
      expiraEn: new Date(Date.now() + ttlDays * 86_400_000),
    });
    return token;
  }

  return {
    ttlSeconds: ttlDays * 86_400,
    issue,

    /** Exchanges a refresh token for a new one of the same family. */
    async rotate(token: string | undefined): Promise<{ usuarioId: string; token: string }> {
      if (!token) throw sesionInvalida();
      const sesion = await repository.findByHash(hashToken(token));
      if (!sesion || sesion.revocadoEn || sesion.expiraEn.getTime() <= Date.now()) {
        throw sesionInvalida();
      }
      if (sesion.usadoEn || !(await repository.markUsed(sesion.id))) {
        await repository.revokeFamily(sesion.familia);
        throw sesionInvalida();
      }
      return { usuarioId: sesion.usuarioId, token: await issue(sesion.usuarioId, sesion.familia) };
    },

    async revoke(token: string | undefined): Promise<void> {
      if (!token) return;
      const sesion = await repository.findByHash(hashToken(token));
      if (sesion) await repository.revokeFamily(sesion.familia);
    },
  };
}

export type SesionService = ReturnType<typeof createSesionService>;
