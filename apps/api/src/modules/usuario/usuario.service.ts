import type { VerifiedIdentity } from '../../adapters/identity/identity.port';
import { requireOwner } from '../../lib/access';
import type { Actor, Rol } from '../../lib/actor';
import { appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { verifyPassword } from './password';
import type { UsuarioRepository, UsuarioRow } from './usuario.repository';

export const usuarioErrors = {
  credenciales: () => appError(401, 'CREDENCIALES_INVALIDAS'),
  noEncontrado: () => notFound('USUARIO_NO_ENCONTRADO'),
};

export type GoogleIdentity = VerifiedIdentity;

/**
 * The outcome of a Google sign-in: a session for an account, or a password account that must
 * prove its password once before Google is linked to it.
 */
export type IngresoConGoogle =
  | { tipo: 'sesion'; usuarioId: string }
  | { tipo: 'vincular'; sub: string; email: string };

const googleRechazado = () => appError(403, 'GOOGLE_NO_VINCULABLE');

export function createUsuarioService({
  repository,
  adminEmails,
  clock = systemClock,
}: {
  repository: UsuarioRepository;
  adminEmails: string[];
  clock?: Clock;
}) {
  /**
   * Admin rights are stored (`es_admin`): granted by `npm run admin -- promote` (which refuses
   * an unverified address), or by a real Google sign-in whose verified email is the account's
   * and is listed in ADMIN_EMAILS. Never by registering an address (nobody checks that a typed
   * email is the typist's), nor by the local test issuer (anyone types any email there). And
   * they only count while the address is verified (docs/decisions/040).
   */
  const isAdmin = (usuario: UsuarioRow) => usuario.esAdmin && usuario.emailVerificadoEn !== null;

  async function ingresoVerificado(
    usuario: UsuarioRow,
    identity: GoogleIdentity,
  ): Promise<IngresoConGoogle> {
    const email = identity.email?.trim().toLowerCase();
    // The identity provider vouches for the address: it counts as verified (decision 040).
    if (identity.emailVerified && email === usuario.email && !usuario.emailVerificadoEn) {
      await repository.update(usuario.id, { emailVerificadoEn: clock.now() });
    }
    if (
      identity.origen === 'google' &&
      identity.emailVerified &&
      email === usuario.email &&
      adminEmails.includes(email) &&
      !usuario.esAdmin
    ) {
      await repository.update(usuario.id, { esAdmin: true });
    }
    return { tipo: 'sesion', usuarioId: usuario.id };
  }

  async function require(usuarioId: string): Promise<UsuarioRow> {
    const usuario = await repository.findById(usuarioId);
    if (!usuario) throw usuarioErrors.noEncontrado();
    return usuario;
  }

  return {
    /** The user's id when the email and password match. */
    async login(email: string, contrasenia: string): Promise<string> {
      const usuario = await repository.findByEmail(email);
      const ok = await verifyPassword(usuario?.contraseniaHash ?? null, contrasenia);
      if (!usuario?.contraseniaHash || !ok) throw usuarioErrors.credenciales();
      return usuario.id;
    },

    /**
     * Google sign-in. An account already linked to this subject signs in. Otherwise:
     * - an identity of the local test issuer (anyone types any email there) only ever creates
     *   a new account, never for an email that has an account or an admin email;
     * - real Google never silently takes over an account that has a password (it asks for that
     *   password once: 'vincular'), nor an admin, seller or courier account, nor one linked to
     *   another Google subject; a plain Google-only account without a subject is linked;
     * - an unknown verified email gets a new account.
     * A real Google session whose verified email is listed in ADMIN_EMAILS makes the account
     * admin (the only way besides the command line).
     */
    async ingresarConGoogle(identity: GoogleIdentity): Promise<IngresoConGoogle> {
      const bySub = await repository.findByGoogleSub(identity.sub);
      if (bySub) return ingresoVerificado(bySub, identity);
      if (!identity.email || !identity.emailVerified) {
        throw appError(400, 'EMAIL_NO_VERIFICADO');
      }
      const email = identity.email.trim().toLowerCase();
      const local = identity.origen !== 'google';
      if (local && adminEmails.includes(email)) throw googleRechazado();
      const byEmail = await repository.findByEmail(email);
      if (byEmail) {
        if (local || byEmail.googleSub) throw googleRechazado();
        if (byEmail.contraseniaHash) return { tipo: 'vincular', sub: identity.sub, email };
        if (byEmail.esAdmin || byEmail.esRepartidor || (await repository.ownsTienda(byEmail.id))) {
          throw googleRechazado();
        }
        await repository.update(byEmail.id, { googleSub: identity.sub });
        return ingresoVerificado(byEmail, identity);
      }
      try {
        const created = await repository.create({
          id: newId(),
          nombre: identity.nombre?.trim() || email.split('@')[0] || 'Usuario',
          email,
          googleSub: identity.sub,
          // Only a verified identity gets this far.
          emailVerificadoEn: clock.now(),
        });
        return ingresoVerificado(created, identity);
      } catch (error) {
        // The same email registered at the same moment: not ours to take.
        if (isUniqueViolation(error)) throw googleRechazado();
        throw error;
      }
    },

    /**
     * After the password of the account was proven: links the Google subject kept from the
     * sign-in that asked for it, when it is for this account's email and neither side is
     * linked already. Answers whether it linked.
     */
    async vincularGoogle(
      usuarioId: string,
      pendiente: { sub: string; email: string },
    ): Promise<boolean> {
      const usuario = await repository.findById(usuarioId);
      if (!usuario || usuario.email !== pendiente.email.toLowerCase() || usuario.googleSub) {
        return false;
      }
      if (await repository.findByGoogleSub(pendiente.sub)) return false;
      try {
        // The pending identity's email was verified by Google and is this account's.
        return Boolean(
          await repository.update(usuarioId, {
            googleSub: pendiente.sub,
            emailVerificadoEn: usuario.emailVerificadoEn ?? clock.now(),
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /**
     * The caller behind a valid access token, with the roles read now (a role granted or
     * taken away applies at once). A token of an account that no longer exists has no roles.
     */
    async actor(usuarioId: string): Promise<Actor> {
      const usuario = await repository.findById(usuarioId);
      const roles: Rol[] = [];
      if (usuario && isAdmin(usuario)) roles.push('admin');
      if (usuario?.esRepartidor) roles.push('repartidor');
      return { id: usuarioId, roles };
    },

    async exists(usuarioId: string): Promise<boolean> {
      return Boolean(await repository.findById(usuarioId));
    },

    async esVendedor(actor: Actor | null, usuarioId: string): Promise<boolean> {
      requireOwner(actor, usuarioId);
      await require(usuarioId);
      return repository.ownsTienda(usuarioId);
    },

    /**
     * Confirms the user as a seller. Being a seller is owning a store, so this only checks that
     * the store exists: it may be asked any number of times (409 before the store exists).
     */
    async convertirEnVendedor(actor: Actor | null, usuarioId: string): Promise<true> {
      requireOwner(actor, usuarioId);
      await require(usuarioId);
      if (!(await repository.ownsTienda(usuarioId))) throw appError(409, 'TIENDA_REQUERIDA');
      return true;
    },

    /** Whether the user is on the product team (`es_admin`, see isAdmin). */
    async esAdmin(actor: Actor | null, usuarioId: string): Promise<boolean> {
      requireOwner(actor, usuarioId);
      return isAdmin(await require(usuarioId));
    },

    async esRepartidor(actor: Actor | null, usuarioId: string): Promise<boolean> {
      requireOwner(actor, usuarioId);
      return (await require(usuarioId)).esRepartidor;
    },

    async perfil(actor: Actor | null, usuarioId: string) {
      requireOwner(actor, usuarioId);
      const usuario = await require(usuarioId);
      return {
        nombre: usuario.nombre,
        email: usuario.email,
        emailVerificado: usuario.emailVerificadoEn !== null,
      };
    },

    async telefono(actor: Actor | null, usuarioId: string): Promise<string> {
      requireOwner(actor, usuarioId);
      return (await require(usuarioId)).telefono;
    },

    async actualizarTelefono(
      actor: Actor | null,
      usuarioId: string,
      telefono: string,
    ): Promise<string> {
      requireOwner(actor, usuarioId);
      const usuario = await repository.update(usuarioId, { telefono });
      if (!usuario) throw usuarioErrors.noEncontrado();
      return usuario.telefono;
    },
  };
}

export type UsuarioService = ReturnType<typeof createUsuarioService>;
