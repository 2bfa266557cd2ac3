import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTokens,
  type PaymentsPort,
  PaymentsProviderError,
} from '../../adapters/payments/payments.port';
import { createSandboxPayments } from '../../adapters/payments/sandbox-payments';
import { cuentasMercadoPago, tiendas, trabajos, vinculacionesMercadoPago } from '../../db/schema';
import { createUnitOfWork } from '../../db/unit-of-work';
import { createJobRunner } from '../../jobs/job-runner';
import { schedulePeriodicJob } from '../../jobs/periodic-job';
import { AppError } from '../../lib/app-error';
import { createRepositories } from '../../repositories';
import { registerAndLogin } from '../../test/auth-helpers';
import { resolveMercadoPagoKey, vincularCuentaDePrueba } from './mercadopago-cuenta-de-prueba';
import {
  RENOVACION_INTERVALO_MS,
  renovacionDeTokensJob,
  TIPO_RENOVAR_TOKENS,
} from './mercadopago-renovacion.job';
import { createMercadoPagoVinculacionService } from './mercadopago-vinculacion.service';
import { createPagoTestApp, darTienda, type PagoTestApp } from './mercadopago-vinculacion.test-app';

const HORA = 60 * 60_000;
const REDIRECT = 'http://localhost:3000/api/oauth/mercadopago/callback';

let t: PagoTestApp;
let claveMaestra: Buffer;
beforeAll(async () => {
  t = await createPagoTestApp();
  claveMaestra = await resolveMercadoPagoKey(t.database.db);
});
afterAll(() => t.close());

/** The sandbox, with its refresh counted and slowed (so callers overlap), or made to fail. */
function sandboxContado(falla?: () => PaymentsProviderError) {
  const sandbox = createSandboxPayments({
    masterKey: claveMaestra,
    publicUrl: 'http://localhost:3000',
    redirectUri: REDIRECT,
    clock: t.clock,
  });
  const contador = { renovaciones: 0 };
  const payments: PaymentsPort = {
    ...sandbox,
    accountLink: {
      ...sandbox.accountLink,
      async refresh(refreshToken): Promise<AccountTokens> {
        contador.renovaciones++;
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (falla) throw falla();
        return sandbox.accountLink.refresh(refreshToken);
      },
    },
  };
  return { payments, contador };
}

/** A service as one API process builds it (composition.ts), with its own payments port. */
const servicio = (payments: PaymentsPort | undefined) =>
  createMercadoPagoVinculacionService({
    repositories: createRepositories(t.database.db),
    withTransaction: createUnitOfWork(t.database.db, createRepositories),
    payments,
    redirectUri: REDIRECT,
    claveMaestra,
    clock: t.clock,
  });

/** A seller whose store is linked to a sandbox account, as the demo seed links one. */
async function vendedorVinculado() {
  const { userId } = await registerAndLogin(t.app);
  const tiendaId = await darTienda(t.database, userId);
  const { mpUsuarioId } = await vincularCuentaDePrueba(
    t.database.db,
    { usuarioId: userId, tiendaId },
    { clock: t.clock },
  );
  return { userId, tiendaId, mpUsuarioId };
}

const cuentaDe = async (usuarioId: string) =>
  (
    await t.database.db
      .select()
      .from(cuentasMercadoPago)
      .where(eq(cuentasMercadoPago.usuarioId, usuarioId))
  )[0];

describe("the seller's access token", () => {
  it('the seed helper links a store to a sandbox account that verificar reports', async () => {
    const { userId, tiendaId, mpUsuarioId } = await vendedorVinculado();
    const [tienda] = await t.database.db.select().from(tiendas).where(eq(tiendas.id, tiendaId));
    expect(tienda).toMatchObject({ mpVinculado: true, mpUsuarioId });
    expect(await cuentaDe(userId)).toMatchObject({ origen: 'sandbox', tiendaId, mpUsuarioId });
    expect(await servicio(undefined).verificar({ id: userId, roles: [] }, userId)).toBe(true);
  });

  it('is handed out as stored while it lasts, and renewed (and stored sealed) within the margin', async () => {
    const { userId } = await vendedorVinculado();
    const { payments, contador } = sandboxContado();
    const service = servicio(payments);
    const antes = await cuentaDe(userId);
    const primero = await service.accessTokenVigente(userId);
    expect(primero).toMatch(/^APP_USR-SBX\./);
    expect(await service.accessTokenVigente(userId)).toBe(primero);
    expect(contador.renovaciones).toBe(0);

    t.clock.advance(6 * HORA - 9 * 60_000); // 9 minutes left, under the 10-minute margin
    const renovado = await service.accessTokenVigente(userId);
    expect(renovado).not.toBe(primero);
    expect(contador.renovaciones).toBe(1);
    const despues = await cuentaDe(userId);
    expect(despues?.expiraEn.getTime()).toBe(t.clock.now().getTime() + 6 * HORA);
    expect(despues?.accessTokenCifrado).not.toBe(antes?.accessTokenCifrado);
    expect(despues?.refreshTokenCifrado).not.toBe(antes?.refreshTokenCifrado);
    expect(despues?.accessTokenCifrado).not.toContain(renovado);
    expect(despues?.renovandoHasta).toBeNull();
    expect(await service.accessTokenVigente(userId)).toBe(renovado);
    expect(contador.renovaciones).toBe(1);
  });

  it('is renewed once when many callers on two processes find it expired at once', async () => {
    const { userId } = await vendedorVinculado();
    const { payments, contador } = sandboxContado();
    const nodoA = servicio(payments);
    const nodoB = servicio(payments);
    t.clock.advance(6 * HORA + 1);
    const tokens = await Promise.all(
      [nodoA, nodoB, nodoA, nodoB, nodoA, nodoB].map((nodo) => nodo.accessTokenVigente(userId)),
    );
    expect(contador.renovaciones).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^APP_USR-SBX\./);
    expect((await cuentaDe(userId))?.expiraEn.getTime()).toBe(t.clock.now().getTime() + 6 * HORA);
  });

  it('within the margin, callers that find a renewal under way use the current token meanwhile', async () => {
    const { userId } = await vendedorVinculado();
    const { payments, contador } = sandboxContado();
    const nodoA = servicio(payments);
    const nodoB = servicio(payments);
    const actual = await nodoA.accessTokenVigente(userId);
    t.clock.advance(6 * HORA - 5 * 60_000);
    const tokens = await Promise.all([
      nodoA.accessTokenVigente(userId),
      nodoB.accessTokenVigente(userId),
    ]);
    expect(contador.renovaciones).toBe(1);
    expect(tokens).toContain(actual);
    expect(tokens.some((token) => token !== actual)).toBe(true);
  });

  it('a provider outage keeps the current token while it lasts, then answers 503; the lease is released', async () => {
    const { userId } = await vendedorVinculado();
    const { payments, contador } = sandboxContado(
      () => new PaymentsProviderError('unavailable', 'Mercado Pago no respondió', 503),
    );
    const service = servicio(payments);
    const actual = await service.accessTokenVigente(userId);
    t.clock.advance(6 * HORA - 60_000);
    expect(await service.accessTokenVigente(userId)).toBe(actual);
    expect((await cuentaDe(userId))?.renovandoHasta).toBeNull();
    t.clock.advance(2 * 60_000);
    const error = await service.accessTokenVigente(userId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'MERCADOPAGO_NO_DISPONIBLE' });
    expect(contador.renovaciones).toBe(2);
    expect(await cuentaDe(userId)).toBeDefined();
  });

  it('a refresh token Mercado Pago refuses (the seller revoked the app) unlinks the store', async () => {
    const { userId, tiendaId } = await vendedorVinculado();
    const { payments } = sandboxContado(
      () => new PaymentsProviderError('invalid_grant', 'Mercado Pago: invalid_grant', 400),
    );
    t.clock.advance(6 * HORA);
    expect(await servicio(payments).accessTokenVigente(userId)).toBeUndefined();
    expect(await cuentaDe(userId)).toBeUndefined();
    const [tienda] = await t.database.db.select().from(tiendas).where(eq(tiendas.id, tiendaId));
    expect(tienda).toMatchObject({ mpVinculado: false, mpUsuarioId: null });
  });

  it('is undefined for a seller without an account, or with an account of another provider', async () => {
    const { userId } = await registerAndLogin(t.app);
    expect(await t.app.services.mercadoPago.accessTokenVigente(userId)).toBeUndefined();
    const vinculado = await vendedorVinculado();
    const real: PaymentsPort = { ...sandboxContado().payments, provider: 'mercadopago' };
    expect(await servicio(real).accessTokenVigente(vinculado.userId)).toBeUndefined();
  });
});

describe('the renewal job', () => {
  it('runs once per 12-hour slot, renews what lapses within 7 days, schedules the next slot and sweeps old requests', async () => {
    const a = await vendedorVinculado();
    const b = await vendedorVinculado();
    // The verification mails of every seller registered so far go out first: the runner
    // below counts only the renewal slots.
    await t.app.jobs.runDue();
    const { payments, contador } = sandboxContado();
    const jobs = createJobRunner({ db: t.database.db, clock: t.clock });
    const renovacion = schedulePeriodicJob(jobs, renovacionDeTokensJob(servicio(payments)), {
      db: t.database.db,
      clock: t.clock,
    });
    // A link request that expired two days ago, and one still alive.
    for (const [id, expiraEn] of [
      ['vieja', new Date(t.clock.now().getTime() - 48 * HORA)],
      ['viva', new Date(t.clock.now().getTime() + 60_000)],
    ] as const) {
      await t.database.db.insert(vinculacionesMercadoPago).values({
        id: `${id}-${randomBytes(4).toString('hex')}`,
        usuarioId: a.userId,
        verificadorCifrado: 'v1.x',
        navegadorHash: 'x',
        expiraEn,
        creadaEn: t.clock.now(),
      });
    }
    const antes = [await cuentaDe(a.userId), await cuentaDe(b.userId)];

    // Two processes schedule the slot of now: one job.
    await renovacion.programar();
    await renovacion.programar();
    expect(await jobs.runDue()).toBe(1);
    // Every sandbox token lapses within 7 days; other accounts may exist in the table too.
    expect(contador.renovaciones).toBeGreaterThanOrEqual(2);
    const despues = [await cuentaDe(a.userId), await cuentaDe(b.userId)];
    for (const [i, cuenta] of despues.entries()) {
      expect(cuenta?.refreshTokenCifrado).not.toBe(antes[i]?.refreshTokenCifrado);
      expect(cuenta?.expiraEn.getTime()).toBe(t.clock.now().getTime() + 6 * HORA);
    }
    const pendientes = await t.database.db
      .select({ id: vinculacionesMercadoPago.id })
      .from(vinculacionesMercadoPago)
      .where(eq(vinculacionesMercadoPago.usuarioId, a.userId));
    expect(pendientes.map((p) => p.id)).toEqual([expect.stringMatching(/^viva-/)]);

    // The next slot waits for its time.
    const ranura = Math.floor(t.clock.now().getTime() / RENOVACION_INTERVALO_MS);
    const [siguiente] = await t.database.db
      .select()
      .from(trabajos)
      .where(eq(trabajos.clave, `${TIPO_RENOVAR_TOKENS}:${ranura + 1}`));
    expect(siguiente).toMatchObject({
      estado: 'pendiente',
      ejecutarDesde: new Date((ranura + 1) * RENOVACION_INTERVALO_MS),
    });
    expect(await jobs.runDue()).toBe(0);
    const renovadas = contador.renovaciones;
    t.clock.set(new Date((ranura + 1) * RENOVACION_INTERVALO_MS));
    expect(await jobs.runDue()).toBe(1);
    expect(contador.renovaciones).toBeGreaterThan(renovadas);
  });

  it('a slot whose renewals fail is retried', async () => {
    await vendedorVinculado();
    await t.app.jobs.runDue();
    const { payments } = sandboxContado(
      () => new PaymentsProviderError('unavailable', 'Mercado Pago no respondió', 503),
    );
    const jobs = createJobRunner({ db: t.database.db, clock: t.clock });
    const renovacion = schedulePeriodicJob(jobs, renovacionDeTokensJob(servicio(payments)), {
      db: t.database.db,
      clock: t.clock,
    });
    t.clock.advance(RENOVACION_INTERVALO_MS);
    await renovacion.programar();
    expect(await jobs.runDue()).toBe(1);
    const ranura = Math.floor(t.clock.now().getTime() / RENOVACION_INTERVALO_MS);
    const [trabajo] = await t.database.db
      .select()
      .from(trabajos)
      .where(eq(trabajos.clave, `${TIPO_RENOVAR_TOKENS}:${ranura}`));
    expect(trabajo).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(trabajo?.ultimoError).toMatch(/No se pudieron renovar/);
  });
});
