import { randomInt, randomUUID } from 'node:crypto';
import { ERROR_CODES, errorBodySchema, texto } from '@compra-grupal/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { mpSandboxPagos, mpSandboxPreferencias } from '../../db/schema';
import { assertOutsideTransaction } from '../../db/unit-of-work';
import type { JobExecutor } from '../../jobs/job-runner';
import type { JobQueue } from '../../jobs/queued-job';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { formatearCentavos } from '../../lib/money';
import {
  type CheckoutPort,
  type EstadoPagoLeido,
  type PagoLeido,
  PaymentsProviderError,
} from './payments.port';
import { SANDBOX_PATH } from './sandbox-consent-page';
import { createNotificacionesSandbox } from './sandbox-notificaciones';

/** What the sandbox keeps of a preference (the checkout page shows it). */
const preferenciaSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      quantity: z.number(),
      unitPriceCentavos: z.number(),
    }),
  ),
  envioCentavos: z.number(),
  marketplaceFeeCentavos: z.number(),
  externalReference: z.string(),
  metadata: z.object({ tiendaId: z.string(), tiendaNombre: z.string() }),
  notificationUrl: z.string(),
  backUrls: z.object({ success: z.string(), failure: z.string(), pending: z.string() }),
  expiresAt: z.string(),
  /** The seller's sandbox account (from the access token the preference was created with). */
  collectorId: z.string().nullish(),
});
type PreferenciaGuardada = z.infer<typeof preferenciaSchema>;

/** A refund of a payment, kept in the payment's `datos` (full or partial, by its key). */
const reembolsoSchema = z.object({
  id: z.string(),
  clave: z.string(),
  montoCentavos: z.number(),
  fecha: z.string(),
});

const pagoSchema = z.object({
  externalReference: z.string(),
  tiendaId: z.string(),
  amountCentavos: z.number(),
  collectorId: z.string().nullish(),
  /** The fees kept when it was approved (payments recorded before them carry none). */
  comisiones: z
    .object({ mercadoPagoCentavos: z.number(), marketplaceCentavos: z.number() })
    .nullish(),
  notificationUrl: z.string(),
  /** Every refund made, in order (docs/decisions/026: partial refunds of cancelled groups). */
  reembolsos: z.array(reembolsoSchema).optional(),
  /**
   * Refund tries the sandbox still refuses, as Mercado Pago does while it is down ('Aprobar;
   * los reembolsos fallan 2 veces' on the checkout page): lets the team's retry be tried.
   */
  reembolsosARechazar: z.number().int().min(0).optional(),
  /** When the app first acknowledged its notification (ISO 8601). */
  notificadaEn: z.string().optional(),
});

type PagoGuardado = typeof mpSandboxPagos.$inferSelect;

/** A stored payment as the provider reports it (`obtenerPago`, `buscarPagos`). */
function pagoLeido(row: PagoGuardado): PagoLeido {
  const datos = pagoSchema.parse(row.datos);
  // A refunded payment still reads as approved at its last status for this app's purposes.
  const status = (row.estado === 'refunded' ? 'approved' : row.estado) as EstadoPagoLeido;
  return {
    id: row.id,
    status,
    externalReference: datos.externalReference,
    metadata: { tiendaId: datos.tiendaId },
    amountCentavos: datos.amountCentavos,
    currency: 'ARS',
    collectorId: datos.collectorId ?? null,
    comisiones: datos.comisiones ?? null,
  };
}

/**
 * What the sandbox keeps from an approved payment, as Mercado Pago reports it: its own fee
 * (SANDBOX_COMISION_MP_PORCENTAJE of the amount, Checkout Pro's rate for money available at
 * once) and the marketplace's fee the preference asked for.
 */
export const SANDBOX_COMISION_MP_PORCENTAJE = 6.29;

const comisionesDe = (preferencia: PreferenciaGuardada, monto: number) => ({
  mercadoPagoCentavos: Math.round((monto * SANDBOX_COMISION_MP_PORCENTAJE) / 100),
  marketplaceCentavos: preferencia.marketplaceFeeCentavos,
});

/** Refund tries refused of a payment approved with 'Aprobar; los reembolsos fallan 2 veces'. */
export const REEMBOLSOS_QUE_FALLAN = 2;

const ID_PREFERENCIA = /^SBX-PREF-[0-9a-f-]{36}$/;

/**
 * The sandbox account an access token belongs to (its `u`), read without checking the
 * signature: the token is the app's own, just read from its database to create this
 * preference; the account then acts as the payment's collector.
 */
function cuentaDelToken(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const u: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).u;
    return typeof u === 'string' ? u : null;
  } catch {
    return null;
  }
}

const totalDe = (p: PreferenciaGuardada) =>
  p.items.reduce((t, i) => t + i.unitPriceCentavos * i.quantity, 0) + p.envioCentavos;

export interface SandboxCheckoutOptions {
  db: Database;
  publicUrl: string;
  /** The secret the app checks notifications with (MP_WEBHOOK_SECRET or derived). */
  webhookSecret: string;
  clock: Clock;
  /** Sends the notification (tests replace it to delay, duplicate or drop it). */
  fetch?: typeof fetch;
  /**
   * The jobs table (docs/decisions/012): each payment's notification is recorded with it and
   * retried by the job `trabajo`, which the app registers (the pago module declares it).
   * Without it (the admin command line), a few retries in the background.
   */
  jobs?: JobQueue;
}

/**
 * The sandbox's Checkout Pro ('Modo de prueba', docs/decisions/025): preferences and payments
 * kept in the database (every node sees them), a checkout page served by this app, and a
 * signed notification to the preference's notification URL over HTTP, as Mercado Pago sends.
 */
export function createSandboxCheckout(options: SandboxCheckoutOptions) {
  const { db, publicUrl, clock } = options;
  const notificaciones = createNotificacionesSandbox(options);

  async function leerPreferencia(id: string): Promise<PreferenciaGuardada | undefined> {
    if (!ID_PREFERENCIA.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(mpSandboxPreferencias)
      .where(eq(mpSandboxPreferencias.id, id));
    return row ? preferenciaSchema.parse(row.datos) : undefined;
  }

  /**
   * Records a payment of a preference with the buyer's outcome, and (with the jobs table) its
   * notification to send in the same transaction; answers its id. Sends nothing itself.
   */
  async function registrarPago(
    preferenciaId: string,
    estado: EstadoPagoLeido,
    reembolsosARechazar = 0,
  ): Promise<string> {
    const preferencia = await leerPreferencia(preferenciaId);
    if (!preferencia) throw new Error(`preferencia de prueba desconocida: ${preferenciaId}`);
    const id = String(randomInt(10_000_000_000, 99_999_999_999));
    const ahora = clock.now();
    await db.transaction(async (tx) => {
      await tx.insert(mpSandboxPagos).values({
        id,
        preferenciaId,
        estado,
        datos: {
          externalReference: preferencia.externalReference,
          tiendaId: preferencia.metadata.tiendaId,
          amountCentavos: totalDe(preferencia),
          collectorId: preferencia.collectorId ?? null,
          comisiones:
            estado === 'approved' ? comisionesDe(preferencia, totalDe(preferencia)) : null,
          ...(reembolsosARechazar > 0 ? { reembolsosARechazar } : {}),
          notificationUrl: preferencia.notificationUrl,
        },
        creadoEn: ahora,
      });
      await notificaciones.encolar(tx as unknown as JobExecutor, id, ahora);
    });
    return id;
  }

  /**
   * The buyer decides on the checkout page: the payment is recorded with its notification to
   * send (one transaction), then notified at once. Answers the payment's id.
   */
  async function pagar(
    preferenciaId: string,
    estado: EstadoPagoLeido,
    reembolsosARechazar = 0,
  ): Promise<string> {
    const pagoId = await registrarPago(preferenciaId, estado, reembolsosARechazar);
    await notificaciones.entregar(pagoId);
    return pagoId;
  }

  const port: CheckoutPort = {
    async crearPreferencia(input) {
      assertOutsideTransaction('Mercado Pago de prueba (checkout/preferences)');
      const id = `SBX-PREF-${randomUUID()}`;
      const { accessToken, expiresAt, ...resto } = input;
      const datos: PreferenciaGuardada = {
        ...resto,
        expiresAt: expiresAt.toISOString(),
        collectorId: cuentaDelToken(accessToken),
      };
      await db.insert(mpSandboxPreferencias).values({ id, datos });
      const initPoint = new URL(`${publicUrl}${SANDBOX_PATH}/checkout`);
      initPoint.searchParams.set('pref_id', id);
      return { id, initPoint: initPoint.href };
    },
    async obtenerPago(id): Promise<PagoLeido | undefined> {
      assertOutsideTransaction('Mercado Pago de prueba (v1/payments)');
      if (!/^\d{1,20}$/.test(id)) return undefined;
      const [row] = await db.select().from(mpSandboxPagos).where(eq(mpSandboxPagos.id, id));
      return row ? pagoLeido(row) : undefined;
    },
    async buscarPagos(externalReference): Promise<PagoLeido[]> {
      assertOutsideTransaction('Mercado Pago de prueba (v1/payments/search)');
      const rows = await db
        .select()
        .from(mpSandboxPagos)
        .where(sql`${mpSandboxPagos.datos} ->> 'externalReference' = ${externalReference}`)
        .orderBy(desc(mpSandboxPagos.creadoEn), desc(mpSandboxPagos.id));
      return rows.map(pagoLeido);
    },
    async reembolsar(pagoId, clave, _accessToken, montoCentavos) {
      assertOutsideTransaction('Mercado Pago de prueba (v1/payments/refunds)');
      // Row-locked: two refunds of one payment (parts of a cancelled group) run one at a time.
      const hecho = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mpSandboxPagos)
          .where(eq(mpSandboxPagos.id, pagoId))
          .for('update');
        if (!row) throw new Error(`pago de prueba desconocido: ${pagoId}`);
        const datos = pagoSchema.parse(row.datos);
        const hechos = datos.reembolsos ?? [];
        // The same key answers the same refund, as Mercado Pago does.
        const mismo = hechos.find((r) => r.clave === clave);
        if (mismo) return { id: mismo.id };
        if (row.reembolsoId && (montoCentavos === undefined || row.reembolsoClave === clave)) {
          return { id: row.reembolsoId };
        }
        if (montoCentavos !== undefined && row.estado !== 'approved') {
          throw new Error(`pago de prueba no reembolsable (${row.estado}): ${pagoId}`);
        }
        const resto = datos.amountCentavos - hechos.reduce((t, r) => t + r.montoCentavos, 0);
        const monto = montoCentavos ?? resto;
        if (!(Number.isSafeInteger(monto) && monto > 0 && monto <= resto)) {
          throw new Error(`monto de reembolso de prueba inválido: ${monto} (quedan ${resto})`);
        }
        if (datos.reembolsosARechazar) {
          await tx
            .update(mpSandboxPagos)
            .set({ datos: { ...datos, reembolsosARechazar: datos.reembolsosARechazar - 1 } })
            .where(eq(mpSandboxPagos.id, pagoId));
          return { rechazado: true as const };
        }
        const id = String(randomInt(1_000_000_000, 9_999_999_999));
        const reembolso = { id, clave, montoCentavos: monto, fecha: clock.now().toISOString() };
        const total = monto === resto;
        await tx
          .update(mpSandboxPagos)
          .set({
            datos: { ...datos, reembolsos: [...hechos, reembolso] },
            // Refunded in full: `refunded`, as before; in part it stays approved.
            ...(total ? { estado: 'refunded', reembolsoId: id, reembolsoClave: clave } : {}),
          })
          .where(eq(mpSandboxPagos.id, pagoId));
        return { id };
      });
      if ('rechazado' in hecho) {
        throw new PaymentsProviderError(
          'unavailable',
          'Mercado Pago de prueba no está disponible: reembolso rechazado (503)',
          503,
        );
      }
      return hecho;
    },
  };

  const formSchema = z.object({
    pref_id: z.string().regex(ID_PREFERENCIA),
    accion: z.enum(['aprobar', 'aprobar_reembolsos_fallan', 'rechazar', 'pendiente']),
  });

  /** The checkout page and its form (the consent routes registered the form parser). */
  async function routes(scope: FastifyInstance) {
    const sandbox = scope.withTypeProvider<ZodTypeProvider>();
    sandbox.get(
      '/checkout',
      {
        schema: {
          operationId: 'sandboxPantallaDePago',
          responseDescriptions: { 200: 'La pantalla, en HTML' },
          tags: ['sandbox'],
          summary:
            "Mercado Pago de prueba: la pantalla de pago de una preferencia (HTML, 'Modo de prueba')",
          querystring: z.object({
            pref_id: texto({ max: 64 }).meta({
              example: 'SBX-PREF-00000000-0000-0000-0000-000000000000',
            }),
          }),
          // The screen in HTML; its errors in the shared JSON error shape.
          produces: ['text/html', 'application/json'],
          response: { 200: z.string().describe('La pantalla, en HTML'), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const preferencia = await leerPreferencia(request.query.pref_id);
        if (!preferencia) {
          throw new AppError(404, ERROR_CODES.pagoNoEncontrado, 'La preferencia de pago no existe');
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(checkoutPage(request.query.pref_id, preferencia));
      },
    );

    sandbox.post(
      '/checkout',
      {
        schema: {
          operationId: 'sandboxPagar',
          form: formSchema,
          redirects: { 302: 'A la vuelta de la preferencia (back_urls) según el resultado' },
          tags: ['sandbox'],
          summary:
            'Mercado Pago de prueba: el comprador paga (formulario: pref_id, accion aprobar|aprobar_reembolsos_fallan|rechazar|pendiente); notifica a la app y redirige a la vuelta',
          consumes: ['application/x-www-form-urlencoded'],
          response: { 400: errorBodySchema, 404: errorBodySchema, 415: errorBodySchema },
        },
      },
      async (request, reply) => {
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          throw new AppError(
            415,
            ERROR_CODES.tipoDeContenidoNoSoportado,
            'Esta solicitud se envía como formulario (application/x-www-form-urlencoded)',
          );
        }
        const form = formSchema.safeParse(request.body);
        if (!form.success) {
          throw new AppError(400, ERROR_CODES.solicitudInvalida, 'El pago de prueba no es válido');
        }
        const preferencia = await leerPreferencia(form.data.pref_id);
        if (!preferencia) {
          throw new AppError(404, ERROR_CODES.pagoNoEncontrado, 'La preferencia de pago no existe');
        }
        const { accion } = form.data;
        const status: EstadoPagoLeido =
          accion === 'aprobar' || accion === 'aprobar_reembolsos_fallan'
            ? 'approved'
            : accion === 'rechazar'
              ? 'rejected'
              : 'pending';
        const pagoId = await pagar(
          form.data.pref_id,
          status,
          accion === 'aprobar_reembolsos_fallan' ? REEMBOLSOS_QUE_FALLAN : 0,
        );
        const vuelta = new URL(
          status === 'approved'
            ? preferencia.backUrls.success
            : status === 'rejected'
              ? preferencia.backUrls.failure
              : preferencia.backUrls.pending,
        );
        vuelta.searchParams.set('payment_id', pagoId);
        vuelta.searchParams.set('status', status);
        vuelta.searchParams.set('collection_status', status);
        vuelta.searchParams.set('external_reference', preferencia.externalReference);
        vuelta.searchParams.set('preference_id', form.data.pref_id);
        return reply.header('cache-control', 'no-store').redirect(vuelta.href, 302);
      },
    );
  }

  const { notificar, entregar, trabajo } = notificaciones;
  return { port, routes, pagar, registrarPago, notificar, entregar, trabajo };
}

export type SandboxCheckout = ReturnType<typeof createSandboxCheckout>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function checkoutPage(prefId: string, p: PreferenciaGuardada): string {
  const filas = p.items
    .map(
      (i) =>
        `<li><span>${escapeHtml(i.title)} × ${i.quantity}</span><span>${formatearCentavos(i.unitPriceCentavos * i.quantity)}</span></li>`,
    )
    .join('');
  const boton = (accion: string, texto: string, clase: string) =>
    `<button type="submit" name="accion" value="${accion}" class="${clase}">${texto}</button>`;
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Pagar a ${escapeHtml(p.metadata.tiendaNombre)} · Mercado Pago (Modo de prueba)</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:"Proxima Nova",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#ededed;color:#333;line-height:1.45}
.barra{background:#00b1ea;border-bottom:4px solid #ffe600}
.barra-interna{max-width:960px;margin:0 auto;padding:10px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap}
.marca{color:#0a0f4d;font-weight:700;font-size:1.15rem}
.insignia{background:#ffe600;color:#0a0f4d;border-radius:999px;padding:4px 12px;font-size:.85rem;font-weight:700;border:1px solid #0a0f4d}
main{max-width:520px;margin:32px auto;padding:0 16px}
.tarjeta{background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.12);padding:28px 24px}
h1{font-size:1.3rem;margin:0 0 12px;color:#1a1a1a}
ul{list-style:none;margin:0 0 12px;padding:0}
li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-top:1px solid #eee}
.total{font-weight:700;font-size:1.15rem}
.aviso{background:#fff8cc;border:1px solid #e6cf00;border-radius:6px;padding:10px 12px;font-size:.92rem;color:#3d3500;margin:12px 0 22px}
.acciones{display:flex;flex-direction:column;gap:10px}
button{font:inherit;font-weight:600;font-size:1rem;border-radius:6px;padding:13px 20px;cursor:pointer;border:1px solid transparent;min-height:48px}
.primario{background:#0066b3;color:#fff}
.secundario{background:#e5f4fc;color:#0066b3}
button:focus-visible{outline:3px solid #0a0f4d;outline-offset:2px}
</style></head>
<body>
<header class="barra"><div class="barra-interna"><div class="marca">mercado pago</div>
<span class="insignia">Modo de prueba</span></div></header>
<main><section class="tarjeta" aria-labelledby="titulo">
<h1 id="titulo">Pagás a ${escapeHtml(p.metadata.tiendaNombre)}</h1>
<ul>${filas}<li><span>Envío</span><span>${formatearCentavos(p.envioCentavos)}</span></li>
<li class="total"><span>Total</span><span>${formatearCentavos(totalDe(p))}</span></li></ul>
<p class="aviso"><strong>Modo de prueba:</strong> esta pantalla simula a Mercado Pago. No se mueve dinero real.</p>
<form method="post" action="${SANDBOX_PATH}/checkout"><input type="hidden" name="pref_id" value="${escapeHtml(prefId)}">
<div class="acciones">
${boton('aprobar', 'Aprobar pago', 'primario')}
${boton('aprobar_reembolsos_fallan', `Aprobar; los reembolsos fallan ${REEMBOLSOS_QUE_FALLAN} veces`, 'secundario')}
${boton('rechazar', 'Rechazar pago', 'secundario')}
${boton('pendiente', 'Dejar pendiente', 'secundario')}
</div></form>
</section></main>
</body></html>`;
}
