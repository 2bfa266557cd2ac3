import {
  clavePublicaPushSchema,
  suscripcionPushCreadaSchema,
  suscripcionPushSchema,
} from '@compra-grupal/contracts';
import { ApiError, api, apiFetch } from '@/lib/api-client';

/*
 * This browser and Web Push (docs/decisions/055): whether it can show the app's notices, the
 * permission, and its subscription on the server. Loaded only where it is used (the
 * notification preferences, logout): never part of the first page.
 */

const CLAVE_PUBLICA_PATH = '/api/push/clave-publica';
const SUSCRIPCIONES_PATH = '/api/push/suscripciones';
/** How long the service worker may take to be ready (it is registered by the app's build). */
const ESPERA_DEL_SERVICE_WORKER_MS = 10_000;

/**
 * - `no-soportado`: this browser cannot (no service worker or Push API; iPhone Safari outside
 *   an installed app);
 * - `no-disponible`: the server sends no pushes (PUSH_ENABLED=false);
 * - `bloqueado`: the person denied the permission to this site;
 * - `sin-suscribir`: it can, and has not been asked or subscribed yet;
 * - `suscripto`: it receives the person's notices.
 */
export type EstadoDelDispositivo =
  | 'no-soportado'
  | 'no-disponible'
  | 'bloqueado'
  | 'sin-suscribir'
  | 'suscripto';

/** The person did not grant the permission (`bloqueado` when they denied it). */
export class PermisoNoConcedido extends Error {
  constructor(readonly bloqueado: boolean) {
    super(bloqueado ? 'Permiso de notificaciones denegado' : 'Permiso de notificaciones no dado');
    this.name = 'PermisoNoConcedido';
  }
}

/** No service worker became ready in time (the development server registers none). */
export class SinServiceWorker extends Error {
  override name = 'SinServiceWorker';
}

export function soportaPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function suscripcionActual(): Promise<PushSubscription | null> {
  const registro = await navigator.serviceWorker.getRegistration();
  return (await registro?.pushManager.getSubscription()) ?? null;
}

async function clavePublica(): Promise<string | null> {
  try {
    const { clavePublica } = await api.get(CLAVE_PUBLICA_PATH, {
      auth: false,
      schema: clavePublicaPushSchema,
    });
    return clavePublica;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PUSH_NO_DISPONIBLE') return null;
    throw error;
  }
}

/** What this browser can do now (reads the permission and the subscription; asks nothing). */
export async function estadoDelDispositivo(): Promise<EstadoDelDispositivo> {
  if (!soportaPush()) return 'no-soportado';
  if ((await clavePublica()) === null) return 'no-disponible';
  if (Notification.permission === 'denied') return 'bloqueado';
  if (Notification.permission !== 'granted') return 'sin-suscribir';
  return (await suscripcionActual()) ? 'suscripto' : 'sin-suscribir';
}

function bytesDeBase64url(texto: string): Uint8Array<ArrayBuffer> {
  const base64 = texto.replace(/-/g, '+').replace(/_/g, '/');
  const binario = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binario, (c) => c.charCodeAt(0));
}

function mismaClave(actual: ArrayBuffer | null | undefined, clave: Uint8Array): boolean {
  if (!actual) return false;
  const bytes = new Uint8Array(actual);
  return bytes.length === clave.length && bytes.every((b, i) => b === clave[i]);
}

function registroListo(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const plazo = setTimeout(() => reject(new SinServiceWorker()), ESPERA_DEL_SERVICE_WORKER_MS);
    navigator.serviceWorker.ready.then(
      (registro) => {
        clearTimeout(plazo);
        resolve(registro);
      },
      (error: unknown) => {
        clearTimeout(plazo);
        reject(error);
      },
    );
  });
}

/** Tells the server this browser's subscription, for the signed-in person. */
async function registrar(suscripcion: PushSubscription): Promise<void> {
  const { endpoint, keys } = suscripcion.toJSON();
  await api.post(
    SUSCRIPCIONES_PATH,
    suscripcionPushSchema.parse({ endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } }),
    { schema: suscripcionPushCreadaSchema },
  );
}

/**
 * Tells the server again the subscription this browser already has (idempotent): a device the
 * server dropped (its oldest, or one it moved to whoever signed in there) is the person's again.
 * One made with a key the server no longer has (its VAPID keys changed) is made again with the
 * new one: the permission is already given, nothing is asked.
 */
export async function sincronizarEsteDispositivo(): Promise<void> {
  if (!soportaPush() || Notification.permission !== 'granted') return;
  const registro = await navigator.serviceWorker.getRegistration();
  let suscripcion = (await registro?.pushManager.getSubscription()) ?? null;
  if (!registro || !suscripcion) return;
  const clave = await clavePublica();
  if (clave === null) return;
  const applicationServerKey = bytesDeBase64url(clave);
  if (!mismaClave(suscripcion.options.applicationServerKey, applicationServerKey)) {
    await suscripcion.unsubscribe();
    suscripcion = await registro.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
  }
  await registrar(suscripcion);
}

/**
 * Turns this browser on for the signed-in person: asks the permission first (call it from the
 * person's click), subscribes with the server's public key (again when the server's key
 * changed) and tells the server. Throws PermisoNoConcedido, SinServiceWorker or the API's error.
 */
export async function activarEsteDispositivo(): Promise<void> {
  const permiso =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permiso !== 'granted') throw new PermisoNoConcedido(permiso === 'denied');
  const clave = await clavePublica();
  if (clave === null) throw new ApiError('Avisos no disponibles', { status: 404 });
  const applicationServerKey = bytesDeBase64url(clave);
  const registro = await registroListo();
  let suscripcion = await registro.pushManager.getSubscription();
  if (suscripcion && !mismaClave(suscripcion.options.applicationServerKey, applicationServerKey)) {
    await suscripcion.unsubscribe();
    suscripcion = null;
  }
  suscripcion ??= await registro.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  await registrar(suscripcion);
}

/**
 * Logout: the server stops sending the person's notices to this browser (a shared device), and
 * the browser drops its subscription. Never throws; gives up after `plazoMs`.
 */
export async function olvidarEsteDispositivo(plazoMs = 3000): Promise<void> {
  if (!soportaPush()) return;
  const olvidar = async () => {
    const suscripcion = await suscripcionActual();
    if (!suscripcion) return;
    try {
      await apiFetch(SUSCRIPCIONES_PATH, {
        method: 'DELETE',
        body: { endpoint: suscripcion.endpoint },
        signal: AbortSignal.timeout(plazoMs),
      });
    } finally {
      await suscripcion.unsubscribe();
    }
  };
  await Promise.race([
    olvidar().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, plazoMs)),
  ]);
}
