/**
 * One API process of the approvals bench (pagos.ts): a worker thread with its own app and
 * pool of 10 connections, as a separate `npm start` would have. It gets the database, the
 * configuration, the webhook secret and its share of payment ids, waits for `go`, sends the
 * signed notifications through POST /api/pago/webhook with its share of the in-flight limit,
 * and answers `listo` (or the first error).
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { firmarNotificacion } from '../../apps/api/src/adapters/payments/webhook-signature';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { enParalelo } from './en-paralelo';

export interface PagosWorkerData {
  url: string;
  env: Record<string, string>;
  secreto: string;
  pagos: string[];
  enVuelo: number;
}

const { url, env, secreto, pagos, enVuelo } = workerData as PagosWorkerData;
const database = await openDatabase({ kind: 'postgres', url });
const app = await buildApp({ config: loadConfig(env), database });
await app.ready();
parentPort?.postMessage('preparado');

parentPort?.once('message', async () => {
  try {
    await enParalelo(pagos, enVuelo, async (dataId) => {
      const requestId = randomUUID();
      const res = await app.inject({
        method: 'POST',
        url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
        headers: {
          'x-request-id': requestId,
          'x-signature': firmarNotificacion(secreto, { dataId, requestId, ahora: new Date() }),
        },
        payload: { type: 'payment', data: { id: dataId } },
      });
      if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
    });
    parentPort?.postMessage('listo');
  } catch (error) {
    parentPort?.postMessage(`error: ${(error as Error).message}`);
  } finally {
    await app.close();
    await database.close();
  }
});
