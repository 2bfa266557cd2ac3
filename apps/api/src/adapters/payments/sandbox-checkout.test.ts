import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mpSandboxPagos } from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { openTestDatabase } from '../../test/test-database';
import type { CheckoutPort } from './payments.port';
import { createSandboxCheckout, type SandboxCheckout } from './sandbox-checkout';

const clock = createTestClock(new Date('2026-03-01T15:00:00.000Z'));
let database: DatabaseHandle;
let sandbox: SandboxCheckout;
let checkout: CheckoutPort;

beforeAll(async () => {
  database = await openTestDatabase({ content: 'seeded' });
  sandbox = createSandboxCheckout({
    db: database.db,
    publicUrl: 'http://localhost:3000',
    webhookSecret: 'secreto-de-prueba',
    clock,
    // No notification leaves the test.
    fetch: async () => new Response(null, { status: 200 }),
  });
  checkout = sandbox.port;
});
afterAll(() => database.close());

/** An approved sandbox payment of $1000 × 3 plus $500 shipping ($3500). */
async function pagoAprobado(): Promise<string> {
  const { id } = await checkout.crearPreferencia({
    items: [{ id: 'prod-1', title: 'Yerba', quantity: 3, unitPriceCentavos: 100_000 }],
    envioCentavos: 50_000,
    marketplaceFeeCentavos: 0,
    externalReference: '65f0c0ffee0000000000abcd',
    metadata: { tiendaId: '65f0c0ffee0000000000dcba', tiendaNombre: 'La Tienda' },
    notificationUrl: 'http://localhost:3000/api/pago/webhook',
    backUrls: { success: 'http://x/s', failure: 'http://x/f', pending: 'http://x/p' },
    expiresAt: new Date('2026-03-01T15:30:00.000Z'),
    accessToken: 'sin-uso',
  });
  return sandbox.registrarPago(id, 'approved');
}

const fila = async (pagoId: string) =>
  (await database.db.select().from(mpSandboxPagos).where(eq(mpSandboxPagos.id, pagoId)))[0];

/** The refunds the sandbox recorded on a payment. */
const reembolsosDe = (row: { datos: unknown } | undefined) =>
  ((row?.datos ?? {}) as { reembolsos?: { montoCentavos: number }[] }).reembolsos ?? [];

describe('sandbox Checkout Pro refunds (Modo de prueba)', () => {
  it('refunds in part: each key once, recorded on the payment, approved until refunded in full', async () => {
    const pagoId = await pagoAprobado();
    const primero = await checkout.reembolsar(pagoId, 'reembolso-grupo-a', undefined, 200_000);
    // The same key answers the same refund, even at once.
    const otraVez = await Promise.all([
      checkout.reembolsar(pagoId, 'reembolso-grupo-a', undefined, 200_000),
      checkout.reembolsar(pagoId, 'reembolso-grupo-a', undefined, 200_000),
    ]);
    expect(otraVez).toEqual([primero, primero]);
    let row = await fila(pagoId);
    expect(row?.estado).toBe('approved');
    expect((await checkout.obtenerPago(pagoId))?.status).toBe('approved');
    expect(reembolsosDe(row)).toEqual([
      {
        id: primero.id,
        clave: 'reembolso-grupo-a',
        montoCentavos: 200_000,
        fecha: '2026-03-01T15:00:00.000Z',
      },
    ]);

    // More than what is left ($1500) is refused; the rest refunds it in full.
    await expect(
      checkout.reembolsar(pagoId, 'reembolso-grupo-b', undefined, 150_001),
    ).rejects.toThrow(/monto/);
    const resto = await checkout.reembolsar(pagoId, 'reembolso-grupo-b', undefined, 150_000);
    row = await fila(pagoId);
    expect(row).toMatchObject({
      estado: 'refunded',
      reembolsoId: resto.id,
      reembolsoClave: 'reembolso-grupo-b',
    });
    expect(reembolsosDe(row)).toHaveLength(2);
    await expect(checkout.reembolsar(pagoId, 'reembolso-grupo-c', undefined, 1)).rejects.toThrow(
      /no reembolsable/,
    );
  });

  it('refunds in full without an amount, once', async () => {
    const pagoId = await pagoAprobado();
    const total = await checkout.reembolsar(pagoId, `reembolso-${pagoId}`);
    expect(await checkout.reembolsar(pagoId, `reembolso-${pagoId}`)).toEqual(total);
    const row = await fila(pagoId);
    expect(row).toMatchObject({ estado: 'refunded', reembolsoId: total.id });
    expect(reembolsosDe(row)).toEqual([expect.objectContaining({ montoCentavos: 350_000 })]);
  });
});
