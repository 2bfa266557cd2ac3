import { createHash, randomBytes } from 'node:crypto';
import { VINCULACION_MENSAJES } from '@compra-grupal/contracts';
import {
  type AccountTokens,
  type PaymentsPort,
  PaymentsProviderError,
} from '../../adapters/payments/payments.port';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import {
  createSecretBox,
  deriveKey,
  type SecretBox,
  signValue,
  verifySignedValue,
} from '../../lib/crypto/secret-box';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import type { TiendaDelUsuario } from '../tienda/tienda.ports';
import type { MercadoPagoRepository, TokensSellados } from './mercadopago-vinculacion.repository';

/** A link request lives 10 minutes. */
export const VINCULACION_TTL_MS = 10 * 60_000;
/** Live requests kept per seller (tabs where the button was pressed). */
const VINCULACIONES_VIVAS = 5;
/** An access token lapsing within this margin is renewed before it is handed out. */
export const MARGEN_RENOVACION_MS = 10 * 60_000;
/** How long one caller may hold the renewal of an account (the provider answers in 10 s). */
const RENOVACION_LEASE_MS = 60_000;
/** How a caller that finds the token expired and another renewing waits for it. */
const ESPERA_RENOVACION = { intervaloMs: 100, maxIntentos: 150 };

/** What a sealed value is bound to (additional data of AES-GCM): its table, column and owner. */
const contexto = {
  verificador: (id: string, usuarioId: string) =>
    `vinculaciones_mercadopago.verificador:${id}:${usuarioId}`,
  accessToken: (usuarioId: string) => `cuentas_mercadopago.access_token:${usuarioId}`,
  refreshToken: (usuarioId: string) => `cuentas_mercadopago.refresh_token:${usuarioId}`,
};

/**
 * The keys of the link, from the app's Mercado Pago master key (MP_TOKEN_ENCRYPTION_KEY or
 * the one kept in app_meta): one seals tokens and verifiers, one signs `state`.
 */
export function createCifradoMercadoPago(claveMaestra: Buffer) {
  const caja: SecretBox = createSecretBox(deriveKey(claveMaestra, 'mercadopago/tokens'));
  return {
    caja,
    claveEstado: deriveKey(claveMaestra, 'mercadopago/state'),
    sellarTokens: (usuarioId: string, tokens: AccountTokens, ahora: Date): TokensSellados => ({
      accessTokenCifrado: caja.seal(tokens.accessToken, contexto.accessToken(usuarioId)),
      refreshTokenCifrado: caja.seal(tokens.refreshToken, contexto.refreshToken(usuarioId)),
      expiraEn: new Date(ahora.getTime() + tokens.expiresIn * 1000),
    }),
  };
}

/** How the callback ended, for the browser's redirect and the log (never a secret). */
export type ResultadoVinculacion =
  | { ok: true }
  | {
      ok: false;
      motivo:
        | 'cancelada'
        | 'error-del-proveedor'
        | 'solicitud-incompleta'
        | 'estado-invalido'
        | 'estado-vencido-o-usado'
        | 'codigo-rechazado'
        | 'proveedor-no-disponible'
        | 'sin-tienda'
        | 'apagado';
      mensaje: string;
    };

export interface MercadoPagoVinculacionDeps {
  repositories: { mercadoPago: MercadoPagoRepository; tienda: TiendaDelUsuario };
  withTransaction: WithTransaction<
    RepositoriosDelAviso & {
      mercadoPago: MercadoPagoRepository;
      tienda: TiendaDelUsuario;
    }
  >;
  /** Tells the seller the link broke for good (docs/decisions/042). */
  mensajes?: Pick<Mensajes, 'mercadoPagoDesvinculado'>;
  /** Undefined when Mercado Pago is off (production without credentials nor DEMO_MODE). */
  payments: PaymentsPort | undefined;
  redirectUri: string;
  claveMaestra: Buffer;
  clock?: Clock;
}

const noDisponible = () =>
  new AppError(
    503,
    'MERCADOPAGO_NO_DISPONIBLE',
    'La vinculación con Mercado Pago no está disponible en este servidor',
  );

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** The browser's binding cookie, as kept with a request (its SHA-256). */
export const hashNavegador = (navegador: string) =>
  createHash('sha256').update(navegador).digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Linking a seller's Mercado Pago account (OAuth authorization code with PKCE S256) and
 * keeping its tokens current. docs/decisions/018-mercadopago-account-linking.md.
 */
export function createMercadoPagoVinculacionService(deps: MercadoPagoVinculacionDeps) {
  const { repositories, withTransaction, payments, redirectUri, clock = systemClock } = deps;
  const repo = repositories.mercadoPago;
  const cifrado = createCifradoMercadoPago(deps.claveMaestra);
  const { caja } = cifrado;

  const fallo = (
    motivo: Exclude<ResultadoVinculacion, { ok: true }>['motivo'],
    mensaje: string = VINCULACION_MENSAJES.error,
  ): ResultadoVinculacion => ({ ok: false, motivo, mensaje });

  /** Renewals this process is running, so its own callers share one (the DB covers the rest). */
  const enCurso = new Map<string, Promise<string | undefined>>();

  /**
   * Renews the account's tokens if its access token lapses before `umbral`, holding the
   * account's renewal lease; answers a valid access token, or undefined when there is no
   * account or Mercado Pago refused its refresh token (the link is then removed). When the
   * provider fails and the current token is still valid, it is answered, unless `estricto`
   * (the renewal job, which must learn of the failure to retry).
   */
  async function renovar(
    usuarioId: string,
    umbral: () => Date,
    { estricto = false } = {},
  ): Promise<string | undefined> {
    for (let intento = 0; ; intento++) {
      const cuenta = await repo.findCuenta(usuarioId);
      if (!cuenta || !payments || cuenta.origen !== payments.provider) return undefined;
      const ahora = clock.now();
      const vigente = () => caja.open(cuenta.accessTokenCifrado, contexto.accessToken(usuarioId));
      if (cuenta.expiraEn > umbral()) return vigente();

      const hasta = new Date(ahora.getTime() + RENOVACION_LEASE_MS);
      const tomada = await repo.claimRenovacion(usuarioId, ahora, hasta);
      if (!tomada) {
        // Someone else is renewing: the current token serves while it lasts; past it, wait.
        if (cuenta.expiraEn > ahora) return vigente();
        if (intento >= ESPERA_RENOVACION.maxIntentos) throw noDisponible();
        await sleep(ESPERA_RENOVACION.intervaloMs);
        continue;
      }
      if (tomada.expiraEn > umbral()) {
        // Renewed by someone else between the read and the lease.
        await repo.releaseRenovacion(usuarioId, hasta);
        continue;
      }

      const refreshAnterior = tomada.refreshTokenCifrado;
      let tokens: AccountTokens;
      try {
        tokens = await payments.accountLink.refresh(
          caja.open(refreshAnterior, contexto.refreshToken(usuarioId)),
        );
      } catch (error) {
        if (error instanceof PaymentsProviderError && error.reason === 'invalid_grant') {
          // The seller revoked the app (or the token lapsed): the store is no longer linked.
          await withTransaction(async (repos) => {
            const borrada = await repos.mercadoPago.deleteCuentaRevocada(
              usuarioId,
              refreshAnterior,
            );
            if (borrada) {
              await repos.mercadoPago.markTiendaVinculada(borrada.tiendaId, null);
              await deps.mensajes?.mercadoPagoDesvinculado(repos, {
                tiendaId: borrada.tiendaId,
                evento: `${borrada.vinculadaEn.getTime()}`,
              });
            }
          });
          return undefined;
        }
        await repo.releaseRenovacion(usuarioId, hasta);
        if (!estricto && tomada.expiraEn > clock.now()) return vigente();
        throw noDisponible();
      }
      const sellados = cifrado.sellarTokens(usuarioId, tokens, clock.now());
      await repo.updateRenovacion(usuarioId, refreshAnterior, sellados, clock.now());
      return tokens.accessToken;
    }
  }

  /** One renewal per account at a time in this process; others await the same promise. */
  function renovarUnaVez(usuarioId: string, umbral: () => Date) {
    const corriendo = enCurso.get(usuarioId);
    if (corriendo) return corriendo;
    const promesa = renovar(usuarioId, umbral).finally(() => enCurso.delete(usuarioId));
    enCurso.set(usuarioId, promesa);
    return promesa;
  }

  return {
    /** Which provider links accounts now ('sandbox', 'mercadopago'), or undefined when off. */
    proveedor: payments?.provider,

    /**
     * Starts a link for the seller: a signed, single-use `state` bound to the user and to this
     * browser (`navegador`, the value of its binding cookie), a PKCE verifier kept sealed with
     * it for ten minutes, and the provider's authorization address.
     */
    async iniciar(actor: Actor | null, usuarioId: string, navegador: string) {
      requireOwner(actor, usuarioId);
      if (!payments) throw noDisponible();
      if (!(await repositories.tienda.findByUsuario(usuarioId))) {
        throw appError(409, 'TIENDA_REQUERIDA');
      }
      const ahora = clock.now();
      const id = randomBytes(16).toString('base64url');
      const verificador = randomBytes(32).toString('base64url');
      await repo.pruneVinculaciones(usuarioId, ahora, VINCULACIONES_VIVAS - 1);
      await repo.insertVinculacion({
        id,
        usuarioId: usuarioId,
        verificadorCifrado: caja.seal(verificador, contexto.verificador(id, usuarioId)),
        navegadorHash: hashNavegador(navegador),
        expiraEn: new Date(ahora.getTime() + VINCULACION_TTL_MS),
        creadaEn: ahora,
      });
      return {
        authUrl: payments.accountLink.authorizationUrl({
          state: signValue(cifrado.claveEstado, id),
          codeChallenge: s256(verificador),
          redirectUri,
        }),
      };
    },

    /** Whether the seller's store is linked (`tiendas.mp_vinculado`); false without a store. */
    async verificar(actor: Actor | null, usuarioId: string): Promise<boolean> {
      requireOwner(actor, usuarioId);
      return repo.existsCuenta(usuarioId);
    },

    /**
     * The provider's callback (public: the browser arrives from Mercado Pago): checks the
     * state (signature, then used once, unexpired and from the browser that started it),
     * exchanges the code with its verifier, and stores the sealed tokens and the store's flag
     * in one transaction. Never throws for a failure the browser caused or the provider had.
     */
    async completar(
      query: { code?: string; state?: string; error?: string },
      navegador: string | undefined,
    ): Promise<ResultadoVinculacion> {
      const id = query.state ? verifySignedValue(cifrado.claveEstado, query.state) : undefined;
      const ahora = clock.now();
      if (query.error) {
        // The request is spent either way, so it cannot be finished later.
        if (id && navegador) await repo.consumeVinculacion(id, hashNavegador(navegador), ahora);
        return query.error === 'access_denied'
          ? fallo('cancelada', VINCULACION_MENSAJES.cancelada)
          : fallo('error-del-proveedor');
      }
      if (!payments) return fallo('apagado');
      if (!query.code || !query.state) return fallo('solicitud-incompleta');
      if (!id) return fallo('estado-invalido', VINCULACION_MENSAJES.expirada);
      const vinculacion = navegador
        ? await repo.consumeVinculacion(id, hashNavegador(navegador), ahora)
        : undefined;
      if (!vinculacion) return fallo('estado-vencido-o-usado', VINCULACION_MENSAJES.expirada);
      const { usuarioId } = vinculacion;

      let tokens: AccountTokens;
      try {
        tokens = await payments.accountLink.exchangeCode({
          code: query.code,
          codeVerifier: caja.open(
            vinculacion.verificadorCifrado,
            contexto.verificador(id, usuarioId),
          ),
          redirectUri,
        });
      } catch (error) {
        if (!(error instanceof PaymentsProviderError)) throw error;
        return error.reason === 'unavailable'
          ? fallo('proveedor-no-disponible')
          : fallo('codigo-rechazado');
      }

      const vinculada = await withTransaction(async (repos) => {
        const tienda = await repos.tienda.findByUsuario(usuarioId);
        if (!tienda) return false;
        const guardadaEn = clock.now();
        await repos.mercadoPago.upsertCuenta({
          usuarioId,
          tiendaId: tienda.id,
          origen: payments.provider,
          mpUsuarioId: tokens.mpUsuarioId,
          tokens: cifrado.sellarTokens(usuarioId, tokens, guardadaEn),
          ahora: guardadaEn,
        });
        await repos.mercadoPago.markTiendaVinculada(tienda.id, tokens.mpUsuarioId);
        return true;
      });
      return vinculada ? { ok: true } : fallo('sin-tienda');
    },

    /**
     * A valid access token of the seller's account, renewed first when it lapses within
     * `MARGEN_RENOVACION_MS`; undefined when the seller has no linked account (or linked it
     * with another provider than the current one). Safe when many callers ask at once, on one
     * node or several: one renews, the rest use the current token while it lasts or wait for
     * the new one. For the server's own use (checkout, refunds): it checks no actor.
     */
    accessTokenVigente(usuarioId: string): Promise<string | undefined> {
      return renovarUnaVez(usuarioId, () => new Date(clock.now().getTime() + MARGEN_RENOVACION_MS));
    },

    /** `accessTokenVigente` of the seller whose account has this Mercado Pago user id. */
    async accessTokenDeCuentaMp(mpUsuarioId: string): Promise<string | undefined> {
      const usuarioId = await repo.findUsuarioDeCuentaMp(mpUsuarioId);
      if (!usuarioId) return undefined;
      return renovarUnaVez(usuarioId, () => new Date(clock.now().getTime() + MARGEN_RENOVACION_MS));
    },

    /**
     * The renewal job: renews every account of the current provider whose token lapses within
     * `ventanaMs`, and sweeps link requests expired a day ago. Throws after trying them all if
     * any could not be renewed, so the job is retried.
     */
    async renovarPorVencer(ventanaMs: number): Promise<{ renovadas: number; fallidas: number }> {
      const ahora = clock.now();
      await repo.deleteVinculacionesVencidas(new Date(ahora.getTime() - 24 * 60 * 60_000));
      if (!payments) return { renovadas: 0, fallidas: 0 };
      const umbral = () => new Date(clock.now().getTime() + ventanaMs);
      const usuarios = await repo.findCuentasPorVencer(umbral(), payments.provider, 1000);
      let fallidas = 0;
      for (const usuarioId of usuarios) {
        try {
          await renovar(usuarioId, umbral, { estricto: true });
        } catch {
          fallidas++;
        }
      }
      if (fallidas > 0) {
        throw new Error(`No se pudieron renovar ${fallidas} de ${usuarios.length} cuentas`);
      }
      return { renovadas: usuarios.length, fallidas };
    },
  };
}

export type MercadoPagoVinculacionService = ReturnType<typeof createMercadoPagoVinculacionService>;
