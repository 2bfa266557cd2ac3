import { createHash, randomBytes } from 'node:crypto';
import { componerDireccion, type registrarRequestSchema } from '@compra-grupal/contracts';
import { z } from 'zod';
import type { PropositoTokenDeCuenta } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { defineJobType, enqueueJob, type JobQueue } from '../../jobs/queued-job';
import { appError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import type { CorreoService } from '../correo/correo.service';
import { hashPassword } from './password';
import type { SesionRepository } from './sesion.repository';
import type { TokenDeCuentaRepository } from './token-de-cuenta.repository';
import type { UsuarioRepository, UsuarioRow } from './usuario.repository';

type Registro = z.output<typeof registrarRequestSchema>;

/** The job that looks an email up and sends the recovery link, off the request path. */
export const TRABAJO_RECUPERACION = 'cuenta.recuperacion';
/** Its type (run by recuperacion.job.ts): the address as typed, trimmed and in lowercase. */
export const trabajoDeRecuperacion = defineJobType({
  name: TRABAJO_RECUPERACION,
  payload: z.object({ email: z.string().max(254) }),
});

export const VERIFICACION_VALIDA_MS = 24 * 60 * 60_000;
/** At most one 'Ya tenés una cuenta' mail per account in this window. */
export const CUENTA_EXISTENTE_CADA_MS = 60 * 60_000;
export const RECUPERACION_VALIDA_MS = 30 * 60_000;

export const cuentaErrors = {
  /** Unknown, used, expired or for another address: one answer, no hint of which. */
  enlaceInvalido: () => appError(400, 'ENLACE_DE_CUENTA_INVALIDO'),
  yaVerificado: () => appError(409, 'EMAIL_YA_VERIFICADO'),
  noEncontrado: () => appError(404, 'USUARIO_NO_ENCONTRADO'),
};

/** What a link's token is stored as: its SHA-256, hex. */
export const hashDeToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The repositories a transaction of this service uses. */
interface RepositoriosDeCuenta {
  usuario: UsuarioRepository;
  tokenDeCuenta: TokenDeCuentaRepository;
  sesion: SesionRepository;
  /** The open transaction, for the mail and jobs enqueued in it. */
  ejecutor: Parameters<CorreoService['encolar']>[0];
}

/**
 * The account's own life (docs/decisions/040): registering with a password, verifying the
 * address with a single-use link, and recovering a forgotten password. Links carry 32 random
 * bytes (base64url); only their SHA-256 is stored, with the address they were sent to. Every
 * email is enqueued in the transaction that makes it true, and sent by the correo job.
 */
export function createCuentaService({
  withTransaction,
  correo,
  jobs,
  publicUrl,
  clock = systemClock,
}: {
  withTransaction: WithTransaction<RepositoriosDeCuenta>;
  correo: CorreoService;
  jobs: JobQueue;
  publicUrl: string;
  clock?: Clock;
}) {
  const urlPublica = publicUrl.replace(/\/+$/, '');

  /** What each kind of link is: how long it lives, its mail and the screen it opens. */
  const ENLACES = {
    verificar_email: {
      validoMs: VERIFICACION_VALIDA_MS,
      plantilla: 'verificar-email',
      ruta: '/verificar-email',
    },
    restablecer_contrasenia: {
      validoMs: RECUPERACION_VALIDA_MS,
      plantilla: 'recuperar-contrasenia',
      ruta: '/restablecer-contrasenia',
    },
  } as const satisfies Record<PropositoTokenDeCuenta, object>;

  /**
   * Creates a single-use link of `proposito` for the account's current address (only its hash
   * is kept) and enqueues the mail that carries it, in the caller's transaction.
   */
  async function enviarEnlace(
    repos: RepositoriosDeCuenta,
    usuario: Pick<UsuarioRow, 'id' | 'email' | 'nombre' | 'emailVerificadoEn'>,
    proposito: PropositoTokenDeCuenta,
  ) {
    const { validoMs, plantilla, ruta } = ENLACES[proposito];
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    await repos.tokenDeCuenta.insert({
      id,
      usuarioId: usuario.id,
      proposito,
      tokenHash: hashDeToken(token),
      email: usuario.email,
      expiraEn: new Date(clock.now().getTime() + validoMs),
      creadoEn: clock.now(),
    });
    await correo.encolar(repos.ejecutor, {
      clave: `${plantilla}:${id}`,
      para: usuario.email,
      usuarioId: usuario.id,
      plantilla,
      datos: {
        // What the registrant typed reaches an address only once it is verified: an
        // unverified one may be a stranger's (docs/decisions/050).
        ...(plantilla === 'verificar-email'
          ? {}
          : { nombre: usuario.emailVerificadoEn ? usuario.nombre : null }),
        enlace: `${urlPublica}${ruta}?token=${token}`,
      },
    });
  }

  /**
   * Someone registered an address that has an account: its owner is told, with nothing the
   * registrant typed, at most once per `CUENTA_EXISTENTE_CADA_MS` (the enqueue key), so that a
   * flood of sign-ups does not flood the owner.
   */
  async function avisarCuentaExistente(
    repos: RepositoriosDeCuenta,
    usuario: Pick<UsuarioRow, 'id' | 'email'>,
  ) {
    const ventana = Math.floor(clock.now().getTime() / CUENTA_EXISTENTE_CADA_MS);
    await correo.encolar(repos.ejecutor, {
      clave: `cuenta-existente:${usuario.id}:${ventana}`,
      para: usuario.email,
      usuarioId: usuario.id,
      plantilla: 'cuenta-existente',
      datos: {
        enlaceIngreso: `${urlPublica}/login`,
        enlaceRecuperar: `${urlPublica}/recuperar-contrasenia`,
      },
    });
  }

  /**
   * Uses a live link of `proposito` and answers its account, when the link was sent to the
   * address the account still has. Anything else throws the one 400 (and the transaction
   * rolls the use back).
   */
  async function usarToken(
    repos: RepositoriosDeCuenta,
    token: string,
    proposito: PropositoTokenDeCuenta,
  ) {
    const fila = await repos.tokenDeCuenta.claim(hashDeToken(token), proposito, clock.now());
    if (!fila) throw cuentaErrors.enlaceInvalido();
    const usuario = await repos.usuario.findById(fila.usuarioId);
    if (!usuario || usuario.email !== fila.email) throw cuentaErrors.enlaceInvalido();
    return { fila, usuario };
  }

  return {
    /** Creates a password account and enqueues its verification link, in one transaction. */
    async registrar(registro: Registro) {
      // Hashing first, whether the email is taken or not: the answer takes as long either way,
      // so its timing does not tell whether an account exists.
      const contraseniaHash = await hashPassword(registro.contrasenia);
      // No point on the map yet: checkout asks for it before the first quote.
      const direcciones = (registro.direcciones ?? []).map((d) => ({
        id: newId(),
        direccion: d.number ? componerDireccion(d.street, d.number) : d.street,
        calle: d.street,
        altura: d.number || null,
        departamento: d.apartment || null,
        ciudad: d.city,
        provincia: d.state,
        codigoPostal: d.zipCode || null,
        pais: d.country,
      }));
      // A taken address answers exactly as a new one (same status, body and time): only its
      // owner learns, by mail, that someone tried (docs/decisions/050).
      const nuevoId = newId();
      const comoNueva = { _id: nuevoId, nombre: registro.nombre, email: registro.email };
      try {
        return await withTransaction(async (repos) => {
          const existente = await repos.usuario.findByEmail(registro.email);
          if (existente) {
            await avisarCuentaExistente(repos, existente);
            return comoNueva;
          }
          const creado = await repos.usuario.create(
            {
              id: nuevoId,
              nombre: registro.nombre,
              email: registro.email,
              contraseniaHash,
              telefono: registro.telefono,
            },
            direcciones,
            registro.direccionActivaIndex,
          );
          await enviarEnlace(repos, creado, 'verificar_email');
          return { _id: creado.id, nombre: creado.nombre, email: creado.email };
        });
      } catch (error) {
        // Two registrations of one address at the same moment: the unique index decides, and
        // the one that lost answers as the other did.
        if (isUniqueViolation(error)) return comoNueva;
        throw error;
      }
    },

    /** GET /usuario/verificar-email: the link marks the address verified, once. */
    async verificarEmail(token: string): Promise<void> {
      await withTransaction(async (repos) => {
        const { usuario } = await usarToken(repos, token, 'verificar_email');
        if (!usuario.emailVerificadoEn) {
          await repos.usuario.update(usuario.id, { emailVerificadoEn: clock.now() });
        }
      });
    },

    /** 'Reenviar': a new link replaces the ones still unused (409 once verified). */
    async reenviarVerificacion(usuarioId: string): Promise<void> {
      await withTransaction(async (repos) => {
        const usuario = await repos.usuario.findById(usuarioId);
        if (!usuario) throw cuentaErrors.noEncontrado();
        if (usuario.emailVerificadoEn) throw cuentaErrors.yaVerificado();
        await repos.tokenDeCuenta.markAllUsed(usuario.id, 'verificar_email', clock.now());
        await enviarEnlace(repos, usuario, 'verificar_email');
      });
    },

    /**
     * '¿Olvidaste tu contraseña?': the request only enqueues the job with the email (one
     * insert, whether an account has it or not), so the answer and its timing are the same;
     * the job looks the account up and sends the link.
     */
    async pedirRecuperacion(email: string): Promise<void> {
      await withTransaction(async (repos) => {
        await enqueueJob(jobs, repos.ejecutor, trabajoDeRecuperacion, {
          email: email.trim().toLowerCase(),
        });
      });
    },

    /**
     * The recovery job's pass (recuperacion.job.ts): sends the link when an account has the
     * address, and nothing otherwise.
     */
    async enviarRecuperacion({ email }: { email: string }): Promise<void> {
      await withTransaction(async (repos) => {
        const usuario = await repos.usuario.findByEmail(email);
        if (!usuario) return;
        await enviarEnlace(repos, usuario, 'restablecer_contrasenia');
      });
    },

    /**
     * Sets a new password with a recovery link: the link is used (once, even by requests at
     * the same moment), every other recovery link of the account is retired, every refresh
     * token is revoked (every device signs out) and an email says so. The link reached the
     * address, so the address counts as verified too.
     */
    async restablecerContrasenia(token: string, contrasenia: string): Promise<void> {
      const contraseniaHash = await hashPassword(contrasenia);
      await withTransaction(async (repos) => {
        const { fila, usuario } = await usarToken(repos, token, 'restablecer_contrasenia');
        const ahora = clock.now();
        await repos.usuario.update(usuario.id, {
          contraseniaHash,
          emailVerificadoEn: usuario.emailVerificadoEn ?? ahora,
        });
        await repos.tokenDeCuenta.markAllUsed(usuario.id, 'restablecer_contrasenia', ahora);
        await repos.sesion.revokeAllOfUsuario(usuario.id);
        await correo.encolar(repos.ejecutor, {
          clave: `contrasenia-cambiada:${fila.id}`,
          para: usuario.email,
          usuarioId: usuario.id,
          plantilla: 'contrasenia-cambiada',
          datos: { nombre: usuario.nombre },
        });
      });
    },
  };
}

export type CuentaService = ReturnType<typeof createCuentaService>;
