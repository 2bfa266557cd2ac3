import type { registrarRequestSchema } from '@compra-grupal/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from './password';
import type { UsuarioRepository, UsuarioRow } from './usuario.repository';

type Registro = z.output<typeof registrarRequestSchema>;

export const usuarioErrors = {
  emailEnUso: () => new AppError(409, 'EMAIL_EN_USO', 'Ya existe una cuenta con ese email'),
  credenciales: () => new AppError(401, 'CREDENCIALES_INVALIDAS', 'Email o contraseña incorrectos'),
  noEncontrado: () => notFound('USUARIO_NO_ENCONTRADO', 'Usuario no encontrado'),
};

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  nombre?: string;
}

export function createUsuarioService(repository: UsuarioRepository, adminEmails: string[]) {
  const isAdmin = (usuario: UsuarioRow) => usuario.esAdmin || adminEmails.includes(usuario.email);

  async function require(userId: string): Promise<UsuarioRow> {
    const usuario = await repository.findById(userId);
    if (!usuario) throw usuarioErrors.noEncontrado();
    return usuario;
  }

  return {
    async registrar(registro: Registro) {
      if (await repository.findByEmail(registro.email)) throw usuarioErrors.emailEnUso();
      const direcciones = (registro.direcciones ?? []).map((d) => ({
        id: newId(),
        direccion: d.street,
        ciudad: d.city,
        provincia: d.state,
        codigoPostal: d.zipCode || null,
        pais: d.country,
      }));
      try {
        const usuario = await repository.create(
          {
            id: newId(),
            nombre: registro.nombre,
            email: registro.email,
            contraseniaHash: await hashPassword(registro.contrasenia),
            telefono: registro.telefono,
          },
          direcciones,
          registro.direccionActivaIndex,
        );
        return { _id: usuario.id, nombre: usuario.nombre, email: usuario.email };
      } catch (error) {
        // Two registrations of one email at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw usuarioErrors.emailEnUso();
        throw error;
      }
    },

    /** The user's id when the email and password match. */
    async login(email: string, contrasenia: string): Promise<string> {
      const usuario = await repository.findByEmail(email);
      const ok = await verifyPassword(usuario?.contraseniaHash ?? null, contrasenia);
      if (!usuario?.contraseniaHash || !ok) throw usuarioErrors.credenciales();
      return usuario.id;
    },

    /** Finds the user by Google subject, links an existing account by verified email, or creates one. */
    async ingresarConGoogle(identity: GoogleIdentity): Promise<string> {
      const bySub = await repository.findByGoogleSub(identity.sub);
      if (bySub) return bySub.id;
      if (!identity.email || !identity.emailVerified) {
        throw new AppError(400, 'EMAIL_NO_VERIFICADO', 'Google no confirmó tu email');
      }
      const byEmail = await repository.findByEmail(identity.email);
      if (byEmail) {
        await repository.update(byEmail.id, { googleSub: identity.sub });
        return byEmail.id;
      }
      const created = await repository.create({
        id: newId(),
        nombre: identity.nombre?.trim() || identity.email.split('@')[0] || 'Usuario',
        email: identity.email.toLowerCase(),
        googleSub: identity.sub,
      });
      return created.id;
    },

    async isAdmin(userId: string): Promise<boolean> {
      const usuario = await repository.findById(userId);
      return usuario ? isAdmin(usuario) : false;
    },

    async exists(userId: string): Promise<boolean> {
      return Boolean(await repository.findById(userId));
    },

    async esVendedor(userId: string): Promise<boolean> {
      await require(userId);
      return repository.ownsTienda(userId);
    },

    async esRepartidor(userId: string): Promise<boolean> {
      return (await require(userId)).esRepartidor;
    },

    async perfil(userId: string) {
      const usuario = await require(userId);
      return { nombre: usuario.nombre, email: usuario.email };
    },

    async telefono(userId: string): Promise<string> {
      return (await require(userId)).telefono;
    },

    async actualizarTelefono(userId: string, telefono: string): Promise<string> {
      const usuario = await repository.update(userId, { telefono });
      if (!usuario) throw usuarioErrors.noEncontrado();
      return usuario.telefono;
    },
  };
}

export type UsuarioService = ReturnType<typeof createUsuarioService>;
