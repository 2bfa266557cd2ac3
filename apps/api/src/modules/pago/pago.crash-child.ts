import { createPayments } from '../../adapters/payments/payments-from-config';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { createUnitOfWork } from '../../db/unit-of-work';
import { createTestClock } from '../../lib/clock';
import { createRepositories } from '../../repositories';
import { resolveMercadoPagoKey } from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { createCicloDeVida } from '../pedido/ciclo-de-vida.service';
import { createReembolsosService } from '../pedido/reembolsos.service';
import { createPagoService, type PasoDePago } from './pago.service';

/**
 * The process that dies, for pago.crash.postgres.test.ts (run with `node --import tsx`): it
 * opens the test's PostgreSQL database, builds the real pago service with the sandbox port, and
 * applies one signed notification; at step `paso` it kills itself with SIGKILL, so nothing
 * after the step runs and a transaction left open is rolled back by PostgreSQL when the
 * connection drops. Reaching the end, or failing otherwise, exits with code 1 and says why on
 * stderr: the test wants a death by SIGKILL and nothing else. The input comes as JSON in
 * PAGO_CRASH_CHILD_INPUT. Import only its type: importing this file runs it.
 */
export interface PagoCrashChildInput {
  /** The test's database. */
  url: string;
  /** The test app's configuration (plain data). */
  config: Config;
  /** The parent's clock, epoch ms, so the signature and the reservations agree on the time. */
  ahora: number;
  webhookSecret: string;
  paso: PasoDePago;
  notificacion: { dataId: string; tipo: string; requestId: string; firma: string };
}

async function main() {
  const input = JSON.parse(process.env.PAGO_CRASH_CHILD_INPUT ?? '') as PagoCrashChildInput;
  const clock = createTestClock(new Date(input.ahora));
  const { config, paso } = input;
  const database = await openDatabase({ kind: 'postgres', url: input.url });
  const payments = createPayments(config, {
    mercadoPagoKey: await resolveMercadoPagoKey(database.db),
    clock,
    db: database.db,
  });
  const repositories = createRepositories(database.db);
  const servicio = createPagoService({
    repository: repositories.pago,
    withTransaction: createUnitOfWork(database.db, createRepositories),
    cicloDeVida: createCicloDeVida(),
    reembolsos: createReembolsosService({
      repository: repositories.reembolso,
      checkout: payments?.checkout,
      accessTokenVigente: async () => undefined,
      clock,
    }),
    checkout: payments?.checkout,
    accessTokenVigente: async () => undefined,
    publicUrl: config.PUBLIC_URL,
    notificationUrl: `${config.PUBLIC_URL}/api/pago/webhook`,
    webhookSecret: input.webhookSecret,
    feePercent: 5,
    clock,
    despuesDe: (p) => {
      if (p === paso) process.kill(process.pid, 'SIGKILL');
    },
  });
  await servicio.notificacion(input.notificacion);
  throw new Error(`la notificación se aplicó entera sin pasar por el paso ${paso}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
