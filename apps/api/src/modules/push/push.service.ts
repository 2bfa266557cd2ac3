import { ECDH } from 'node:crypto';
import {
  type ClavePublicaPush,
  type MensajePush,
  PUSH_SUSCRIPCIONES_MAX,
  type SuscripcionPush,
} from '@compra-grupal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { allowAnyone, requireActor } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { conSuscripciones, type PushRepository } from './push.repository';
import type { EnvioPush, OpcionesDePush } from './push-envio';

export type { OpcionesDePush } from './push-envio';

/**
 * The push services a subscription may name (docs/decisions/055), by host or parent domain:
 * the server posts to the endpoint, so an endpoint anywhere else (an address inside the
 * operator's network) is refused when the browser subscribes. Chromium-based browsers use
 * Firebase Cloud Messaging, Firefox Mozilla's autopush, Safari Apple's, Edge also Windows'.
 */
export const SERVICIOS_DE_PUSH = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the server may post to this endpoint (plain http only to loopback, when allowed). */
export function endpointAceptado(endpoint: string, { httpLocal }: { httpLocal: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') {
    const host = url.hostname.toLowerCase();
    return SERVICIOS_DE_PUSH.some((d) => host === d || host.endsWith(`.${d}`));
  }
  return httpLocal && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/** A point of the P-256 curve, uncompressed (65 bytes): what a browser's p256dh is. */
function esPuntoP256(clave: Buffer): boolean {
  if (clave.length !== 65 || clave[0] !== 0x04) return false;
  try {
    ECDH.convertKey(clave, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Thrown by `enviar` when some device's push service asked to try later (the job retries). */
export class PushReintentable extends Error {
  override name = 'PushReintentable';
}

/** What one send did, per device. */
export interface ResultadoDePush {
  entregados: number;
  /** Gone for good (404, 410): deleted. */
  borrados: number;
  /** Refused for another reason (a 4xx): logged and dropped. */
  descartados: number;
  /** No answer, 429 or 5xx: to retry. */
  reintentar: number;
}

/**
 * Web Push (docs/decisions/055): the signed-in person's browsers subscribe and unsubscribe, and
 * `enviar` sends one notice to each of them. Without `envio` (PUSH_ENABLED=false) the routes
 * answer 404 PUSH_NO_DISPONIBLE and nothing is sent.
 */
export function createPushService({
  repository,
  envio,
  clavePublica,
  httpLocal = false,
  clock = systemClock,
  log,
}: {
  repository: PushRepository;
  /** The push services' port; undefined when push is off. */
  envio?: EnvioPush;
  /** The VAPID public key the browsers subscribe with; undefined when push is off. */
  clavePublica?: string;
  /** Plain http endpoints on loopback are accepted (development and tests, never production). */
  httpLocal?: boolean;
  clock?: Clock;
  /** Where refused sends are reported: ids and statuses only, never an endpoint or a key. */
  log?: { warn(object: object, message: string): void };
}) {
  const disponible = () => {
    if (!envio || !clavePublica) throw appError(404, 'PUSH_NO_DISPONIBLE');
    return { envio, clavePublica };
  };
  const invalida = (mensaje: string) => new AppError(400, 'SUSCRIPCION_PUSH_INVALIDA', mensaje);

  return {
    /** Whether push is on (PUSH_ENABLED with its keys). */
    habilitado: Boolean(envio && clavePublica),

    /** GET /api/push/clave-publica: public; 404 when push is off. */
    clavePublica(actor: Actor | null): ClavePublicaPush {
      allowAnyone(actor);
      return { clavePublica: disponible().clavePublica };
    },

    /**
     * POST /api/push/suscripciones: this browser tells the caller's notices, idempotent by
     * endpoint; an endpoint another person held (a shared device) becomes the caller's. Past
     * PUSH_SUSCRIPCIONES_MAX the caller's oldest ones are dropped.
     */
    async suscribir(actor: Actor | null, suscripcion: SuscripcionPush): Promise<void> {
      const { id: usuarioId } = requireActor(actor);
      disponible();
      if (!endpointAceptado(suscripcion.endpoint, { httpLocal })) {
        throw invalida('Ese servicio de notificaciones no está permitido');
      }
      const p256dh = suscripcion.keys.p256dh.replace(/=+$/, '');
      const auth = suscripcion.keys.auth.replace(/=+$/, '');
      if (!esPuntoP256(Buffer.from(p256dh, 'base64url'))) {
        throw invalida('La clave de la suscripción no es una clave P-256 válida');
      }
      await repository.guardar({
        id: newId(),
        usuarioId,
        endpoint: suscripcion.endpoint,
        p256dh,
        auth,
        ahora: clock.now(),
      });
      await repository.recortar(usuarioId, PUSH_SUSCRIPCIONES_MAX);
    },

    /**
     * DELETE /api/push/suscripciones: this browser stops telling the caller. Idempotent; an
     * endpoint that is not the caller's is left alone (and the answer is the same).
     */
    async darDeBaja(actor: Actor | null, endpoint: string): Promise<void> {
      const { id: usuarioId } = requireActor(actor);
      disponible();
      await repository.borrarDeUsuario(usuarioId, endpoint);
    },

    /**
     * SQL: the person has a device to tell (false when push is off). Read by the statement that
     * enqueues a notice's push, in the notice's transaction.
     */
    conDispositivos(usuarioId: string): SQL<boolean> {
      return envio ? conSuscripciones(usuarioId) : sql<boolean>`false`;
    },

    /**
     * Sends `mensaje` (encrypted for each browser) to every device of the person, at once. A
     * device whose push service says it is gone (404, 410) is deleted; one refused for another
     * reason (4xx) is logged and dropped; when any gave no answer, a 429 or a 5xx, this throws
     * PushReintentable after the others went, and the job that called it tries again.
     */
    async enviar(
      usuarioId: string,
      mensaje: MensajePush,
      opciones: OpcionesDePush,
    ): Promise<ResultadoDePush> {
      const resultado: ResultadoDePush = {
        entregados: 0,
        borrados: 0,
        descartados: 0,
        reintentar: 0,
      };
      if (!envio) return resultado;
      const cuerpo = JSON.stringify(mensaje);
      const dispositivos = await repository.deUsuario(usuarioId);
      await Promise.all(
        dispositivos.map(async (s) => {
          let estado: number;
          try {
            estado = await envio.enviar(s, cuerpo, opciones);
          } catch {
            resultado.reintentar += 1;
            return;
          }
          if (estado >= 200 && estado < 300) {
            resultado.entregados += 1;
          } else if (estado === 404 || estado === 410) {
            await repository.borrarVencida(s);
            resultado.borrados += 1;
          } else if (estado === 429 || estado >= 500) {
            resultado.reintentar += 1;
          } else {
            resultado.descartados += 1;
            log?.warn(
              { suscripcionId: s.id, estado },
              'el servicio de notificaciones rechazó un aviso; no se reintenta',
            );
          }
        }),
      );
      if (resultado.reintentar > 0) {
        throw new PushReintentable(
          `${resultado.reintentar} de ${dispositivos.length} dispositivos no recibieron el aviso (sin respuesta, 429 o 5xx); se reintenta`,
        );
      }
      return resultado;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
