import webpush from 'web-push';

/** One browser to send to: its push service's endpoint and its keys (base64url). */
export interface DestinoPush {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push service is asked to deliver (RFC 8030). */
export interface OpcionesDePush {
  /** Seconds the push service keeps the message while the device is offline. */
  ttlSegundos: number;
  urgencia: 'very-low' | 'low' | 'normal' | 'high';
  /**
   * Replaces an undelivered message of the same topic (base64url, at most 32 characters): a
   * retry of one notice never piles up on a device that was offline.
   */
  tema?: string;
}

/** The application server's VAPID identity (RFC 8292). */
export interface ClavesVapid {
  publica: string;
  privada: string;
  /** mailto:… or https://…: whom the push services may contact. */
  sujeto: string;
}

/**
 * The port to the push services (docs/decisions/055): one encrypted message to one browser.
 * Answers the push service's HTTP status; throws when none came (network, deadline).
 */
export interface EnvioPush {
  enviar(destino: DestinoPush, cuerpo: string, opciones: OpcionesDePush): Promise<number>;
}

/** Thrown when no answer came from the push service; says nothing of the endpoint. */
export class PushSinRespuesta extends Error {
  override name = 'PushSinRespuesta';
}

/**
 * The Web Push protocol with the `web-push` library: the payload encrypted for the browser as
 * RFC 8291 says (aes128gcm, ECDH P-256 and the browser's auth secret), the request signed with
 * the VAPID key (an ES256 JWT for the endpoint's origin), then one POST with a deadline. The
 * request is made here, not by the library: plain http only where `httpLocal` allows it (tests
 * and development, to a loopback push service), no redirect followed, every wait bounded.
 */
export function createEnvioWebPush({
  vapid,
  tiempoLimiteMs = 10_000,
  httpLocal = false,
}: {
  vapid: ClavesVapid;
  tiempoLimiteMs?: number;
  httpLocal?: boolean;
}): EnvioPush {
  const vapidDetails = {
    subject: vapid.sujeto,
    publicKey: vapid.publica,
    privateKey: vapid.privada,
  };
  return {
    async enviar(destino, cuerpo, { ttlSegundos, urgencia, tema }) {
      const url = new URL(destino.endpoint);
      const local =
        url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      if (url.protocol !== 'https:' && !(httpLocal && local)) {
        throw new Error('El endpoint de la suscripción no es https');
      }
      const pedido = webpush.generateRequestDetails(
        { endpoint: destino.endpoint, keys: { p256dh: destino.p256dh, auth: destino.auth } },
        cuerpo,
        {
          TTL: ttlSegundos,
          urgency: urgencia,
          contentEncoding: 'aes128gcm',
          vapidDetails,
          ...(tema ? { topic: tema } : {}),
        },
      );
      const headers = new Headers();
      for (const [nombre, valor] of Object.entries(pedido.headers)) {
        headers.set(nombre, String(valor));
      }
      let respuesta: Response;
      try {
        respuesta = await fetch(pedido.endpoint, {
          method: pedido.method,
          headers,
          body: pedido.body ? new Uint8Array(pedido.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(tiempoLimiteMs),
        });
      } catch (error) {
        // The cause may name the host; the endpoint's path (its secret) is never in it.
        throw new PushSinRespuesta(
          `El servicio de notificaciones no respondió (${error instanceof Error ? error.name : 'error'})`,
        );
      }
      // The body says nothing we act on: it is dropped without being read whole.
      await respuesta.body?.cancel().catch(() => undefined);
      return respuesta.status;
    },
  };
}
