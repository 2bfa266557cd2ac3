import { expect, test } from '@playwright/test';
import {
  LIMITES_DEL_NODO,
  levantarNodoTrasProxies,
  type NodoTrasProxies,
} from './nodo-tras-proxies';
import { faltaParaLaTopologia } from './topologia';

/**
 * The faults of a real deployment (issue 33), injected between a built node in production mode
 * and its PostgreSQL and Redis by loopback proxies (nodo-tras-proxies.ts): connections reset
 * under traffic, refused, silent; a Redis that stops answering. The node never dies, never
 * answers 500 for them, and recovers by itself.
 */
// Skipped, with the reason, only where no PostgreSQL or Redis server is given (CI gives both).
const falta = faltaParaLaTopologia();
test.skip(Boolean(falta), falta);
test.describe.configure({ mode: 'serial' });

let nodo: NodoTrasProxies;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  nodo = await levantarNodoTrasProxies();
});
test.afterAll(async () => {
  await nodo?.close();
});

/** A read that goes to the database: the categories of the storefront. */
const leer = (timeoutMs = 15_000) =>
  fetch(`${nodo.url}/api/categoria/getAllCategoria`, { signal: AbortSignal.timeout(timeoutMs) });
/** A sign-in that goes to the database and the sign-in limits (Redis). */
const ingresar = () =>
  fetch(`${nodo.url}/api/usuario/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nadie@example.com', contrasenia: 'no-es-la-clave-1' }),
    signal: AbortSignal.timeout(15_000),
  });
const listo = () => fetch(`${nodo.url}/api/health/ready`, { signal: AbortSignal.timeout(2_500) });

const vivo = () => nodo.proceso.exitCode === null && nodo.proceso.signalCode === null;

async function recuperado() {
  await expect
    .poll(async () => (await leer().catch(() => undefined))?.status, {
      message: 'el nodo vuelve a leer de la base de datos',
      timeout: 20_000,
    })
    .toBe(200);
}

async function metrica(nombre: string): Promise<number | undefined> {
  const res = await fetch(`${nodo.url}/metrics`, {
    headers: { authorization: `Bearer ${nodo.metricsToken}` },
  });
  const linea = (await res.text()).split('\n').find((l) => l.startsWith(`${nombre} `));
  return linea ? Number(linea.split(' ')[1]) : undefined;
}

test('PostgreSQL connections reset four times under reads and sign-ins: the node lives, answers no 500 and recovers', async () => {
  test.setTimeout(120_000);
  const estados = new Map<number, number>();
  let respuestas = 0;
  let seguir = true;
  const trafico = Promise.all(
    Array.from({ length: 6 }, async (_, carril) => {
      while (seguir && vivo()) {
        const res = await (carril % 2 === 0 ? leer() : ingresar()).catch(() => undefined);
        if (!res) continue;
        await res.arrayBuffer();
        estados.set(res.status, (estados.get(res.status) ?? 0) + 1);
        respuestas += 1;
      }
    }),
  );
  for (let corte = 0; corte < 4; corte += 1) {
    const antes = respuestas;
    await expect.poll(() => respuestas - antes, { timeout: 20_000 }).toBeGreaterThan(20);
    // The fault lasts one second (what is measured is what the node does meanwhile and after):
    // every open connection cut, new ones refused, then let through.
    await nodo.postgres.rechazar();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await nodo.postgres.restablecer();
  }
  await recuperado();
  seguir = false;
  await trafico;

  expect(vivo(), `el proceso terminó:\n${nodo.errores().slice(-2_000)}`).toBe(true);
  const inesperados = [...estados.keys()].filter((s) => ![200, 401, 503].includes(s));
  expect(inesperados, JSON.stringify(Object.fromEntries(estados))).toEqual([]);
  expect(nodo.errores()).not.toMatch(/Unhandled 'error' event/);
});

test('PostgreSQL refusing: 503 with Retry-After and the error shape, readiness 503; then back', async () => {
  await nodo.postgres.rechazar();
  try {
    const res = await leer();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ code: 'BASE_DE_DATOS_NO_DISPONIBLE' });
    const ready = await listo();
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'BASE_DE_DATOS_NO_DISPONIBLE' });
  } finally {
    await nodo.postgres.restablecer();
  }
  await recuperado();
  expect(await metrica('compra_grupal_db_errores_total{tipo="conexion"}')).toBeGreaterThan(0);
});

test('PostgreSQL silent: readiness answers 503 within 2 s and a read fails within the statement timeout', async () => {
  test.setTimeout(60_000);
  nodo.postgres.silenciar();
  try {
    // The probe's own 2.5 s abort is the bound: a hung readiness fails here with a timeout.
    const ready = await listo();
    expect(ready.status).toBe(503);
    const res = await leer(LIMITES_DEL_NODO.DATABASE_STATEMENT_TIMEOUT_MS + 4_000);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'BASE_DE_DATOS_NO_DISPONIBLE' });
  } finally {
    await nodo.postgres.restablecer();
  }
  await recuperado();
  expect(vivo()).toBe(true);
});

test('a Redis that stops answering: the circuit opens, reads stay fast, and it closes once Redis answers', async () => {
  test.setTimeout(60_000);
  await recuperado();
  nodo.redis.silenciar();
  try {
    // The first requests wait for Redis's command timeout until the circuit opens.
    await expect
      .poll(async () => {
        await (await leer()).arrayBuffer();
        return metrica('compra_grupal_limitador_abierto');
      })
      .toBe(1);
    const duraciones: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const inicio = performance.now();
      const res = await leer();
      await res.arrayBuffer();
      duraciones.push(performance.now() - inicio);
      expect(res.status).toBe(200);
    }
    duraciones.sort((a, b) => a - b);
    const p50 = duraciones[10] as number;
    console.log(`  lectura con Redis colgado y el circuito abierto: p50 ${p50.toFixed(1)} ms`);
    // Without the circuit every read waits for the command timeout (200 ms) or more.
    expect(p50).toBeLessThan(150);
  } finally {
    await nodo.redis.restablecer();
  }
  // After the pause, a request's probe finds Redis again and closes the circuit.
  await expect
    .poll(
      async () => {
        await (await leer()).arrayBuffer();
        return metrica('compra_grupal_limitador_abierto');
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  expect(vivo()).toBe(true);
});
