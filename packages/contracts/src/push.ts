import { z } from 'zod';

/**
 * Web Push (docs/decisions/055): the browser's subscription of a signed-in person, and the
 * application server's public key (VAPID) it subscribes with.
 */

/** The longest endpoint URL kept (push services give far shorter ones). */
export const PUSH_ENDPOINT_MAX = 2048;
/** Subscriptions kept per person; a new one past it drops the oldest. */
export const PUSH_SUSCRIPCIONES_MAX = 10;

/**
 * A push service's endpoint: an https URL; plain http only to this machine (development and
 * tests; production refuses it). Which push services are accepted is the server's rule.
 */
const endpointSchema = z
  .string()
  .max(PUSH_ENDPOINT_MAX)
  .regex(
    /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\]))(:[0-9]{1,5})?\/[!-~]*$/,
  )
  .meta({
    description:
      'La dirección del servicio de notificaciones del navegador (`PushSubscription.endpoint`): https://…',
    example: 'https://fcm.googleapis.com/fcm/send/dXo1cmVnaXN0cmF0aW9u',
  });

/** The clave pública of a P-256 key, uncompressed (65 bytes, first 0x04), in base64url. */
const claveP256Schema = z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/);

/** POST /api/push/suscripciones: the browser's `PushSubscription.toJSON()` (its keys). */
export const suscripcionPushSchema = z
  .object({
    endpoint: endpointSchema,
    keys: z.object({
      p256dh: claveP256Schema.meta({
        description: 'La clave pública P-256 de la suscripción (65 bytes en base64url)',
        example:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      }),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/)
        .meta({
          description: 'El secreto de autenticación de la suscripción (16 bytes en base64url)',
          example: 'tBHItJI5svbpez7KI4CCXg',
        }),
    }),
  })
  .meta({ id: 'SuscripcionPush' });
export type SuscripcionPush = z.infer<typeof suscripcionPushSchema>;

/** POST /api/push/suscripciones → 201. */
export const suscripcionPushCreadaSchema = z
  .object({ mensaje: z.string() })
  .meta({ id: 'SuscripcionPushCreada' });

/** DELETE /api/push/suscripciones: the endpoint this device stops receiving at. */
export const bajaDeSuscripcionPushSchema = z
  .object({ endpoint: endpointSchema })
  .meta({ id: 'BajaDeSuscripcionPush' });
export type BajaDeSuscripcionPush = z.infer<typeof bajaDeSuscripcionPushSchema>;

/** GET /api/push/clave-publica: the VAPID public key the browser subscribes with. */
export const clavePublicaPushSchema = z
  .object({
    clavePublica: claveP256Schema.meta({
      description:
        'La clave pública VAPID del servidor (base64url): `applicationServerKey` de `pushManager.subscribe`',
    }),
  })
  .meta({ id: 'ClavePublicaPush' });
export type ClavePublicaPush = z.infer<typeof clavePublicaPushSchema>;

/**
 * What a push message carries, encrypted for the device (RFC 8291): the notice's own title and
 * text and the app path to open when it is tapped; nothing else.
 */
export const mensajePushSchema = z.object({
  titulo: z.string(),
  cuerpo: z.string(),
  enlace: z.string().nullable(),
});
export type MensajePush = z.infer<typeof mensajePushSchema>;
