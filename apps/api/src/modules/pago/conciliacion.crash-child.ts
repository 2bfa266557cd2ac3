import { createSandboxCheckout } from '../../adapters/payments/sandbox-checkout';
import { openDatabase } from '../../db/client';
import { createJobRunner } from '../../jobs/job-runner';
import { createTestClock } from '../../lib/clock';

/**
 * The process that dies, for conciliacion.crash.postgres.test.ts (run with `node --import tsx`):
 * it opens the test's PostgreSQL database and plays the sandbox's checkout page approving a
 * preference (`pagar`, what the page's form runs), with the jobs table as the app has it; when
 * the sandbox goes to send the notification it kills itself with SIGKILL, so the approval is
 * committed and nothing after it runs. Reaching the end, or failing otherwise, exits with code
 * 1 and says why on stderr. The input comes as JSON in CONCILIACION_CRASH_CHILD_INPUT. Import
 * only its type: importing this file runs it.
 */
export interface ConciliacionCrashChildInput {
  /** The test's database. */
  url: string;
  publicUrl: string;
  webhookSecret: string;
  /** The parent's clock, epoch ms. */
  ahora: number;
  preferenciaId: string;
}

async function main() {
  const input = JSON.parse(
    process.env.CONCILIACION_CRASH_CHILD_INPUT ?? '',
  ) as ConciliacionCrashChildInput;
  const clock = createTestClock(new Date(input.ahora));
  const database = await openDatabase({ kind: 'postgres', url: input.url });
  const sandbox = createSandboxCheckout({
    db: database.db,
    publicUrl: input.publicUrl,
    webhookSecret: input.webhookSecret,
    clock,
    // The jobs table as the app has it: the notification is recorded with the payment.
    jobs: createJobRunner({ db: database.db, clock }),
    // The notification is about to leave: the process dies here.
    fetch: () => {
      process.kill(process.pid, 'SIGKILL');
      return new Promise<Response>(() => {});
    },
  });
  await sandbox.pagar(input.preferenciaId, 'approved');
  throw new Error('el pago de prueba se aprobó y notificó sin morir antes de la notificación');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
