import { createHmac, timingSafeEqual } from 'node:crypto';

/** Notifications older (or newer) than this are refused: a captured one cannot be replayed. */
export const FIRMA_VENTANA_MS = 5 * 60_000;

const manifest = (dataId: string, requestId: string, ts: string) =>
  `id:${dataId};request-id:${requestId};ts:${ts};`;

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

/**
 * Mercado Pago's `x-signature` header (`ts=<seconds>,v1=<hex HMAC-SHA256>`) over the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 */
export function firmarNotificacion(
  secret: string,
  { dataId, requestId, ahora }: { dataId: string; requestId: string; ahora: Date },
): string {
  const ts = String(Math.floor(ahora.getTime() / 1000));
  return `ts=${ts},v1=${hmac(secret, manifest(dataId, requestId, ts))}`;
}

/** Whether the header signs this notification, within the time window (constant-time compare). */
export function verificarFirma(
  secret: string,
  {
    firma,
    dataId,
    requestId,
    ahora,
  }: { firma: string | undefined; dataId: string; requestId: string | undefined; ahora: Date },
): 'valida' | 'invalida' | 'vencida' {
  if (!firma || !requestId) return 'invalida';
  const partes = new Map(
    firma.split(',').map((parte) => {
      const [clave = '', ...valor] = parte.trim().split('=');
      return [clave, valor.join('=')] as const;
    }),
  );
  const ts = partes.get('ts');
  const v1 = partes.get('v1');
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(v1)) return 'invalida';
  const esperado = Buffer.from(hmac(secret, manifest(dataId, requestId, ts)), 'hex');
  if (!timingSafeEqual(esperado, Buffer.from(v1, 'hex'))) return 'invalida';
  // Seconds, as Mercado Pago documents them; milliseconds are accepted too.
  const tsMs = ts.length > 11 ? Number(ts) : Number(ts) * 1000;
  return Math.abs(ahora.getTime() - tsMs) > FIRMA_VENTANA_MS ? 'vencida' : 'valida';
}
