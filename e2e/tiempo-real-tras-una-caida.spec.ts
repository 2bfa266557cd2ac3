import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, test as base, expect } from './fixtures';
import { logIn, toast } from './helpers';
import { freePort, startServer } from './server-process';

/**
 * Live updates survive an outage (issue 24): a shopper has Mis Pedidos open on a server of the
 * test's own, the server is stopped for 30 s and started again on the same port and data, and
 * the page says 'Sin conexión. Reintentando…' meanwhile, 'Conexión restablecida' after, and
 * hears a group cancellation made after the restart without a reload. The suite's shared
 * server (global-setup.ts) is left alone.
 */
const CAIDA_MS = 30_000;

interface ServidorPropio {
  url: string;
  /** SIGTERM, and waits until the process has exited. */
  detener(): Promise<void>;
  /** Starts it again on the same port and data directory, and waits until it answers. */
  arrancar(): Promise<void>;
}

const test = base.extend<{ servidor: ServidorPropio }>({
  servidor: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cg-e2e-caida-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let proceso: ChildProcess | undefined;
      const detener = async () => {
        const actual = proceso;
        proceso = undefined;
        if (!actual || actual.exitCode !== null || actual.signalCode !== null) return;
        const salio = new Promise((resolve) => actual.once('exit', resolve));
        actual.kill('SIGTERM');
        await salio;
      };
      const arrancar = async () => {
        proceso = await startServer(port, dataDir, {
          // Stops at once: the outage is what the test is about, not the drain.
          SHUTDOWN_DRAIN_MS: '0',
        });
      };
      try {
        await arrancar();
        await use({ url, detener, arrancar });
      } finally {
        await detener();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Its first start migrates and seeds a fresh embedded database.
    { timeout: 240_000 },
  ],
  baseURL: async ({ servidor }, use) => use(servidor.url),
});

test.use({ viewport: { width: 375, height: 740 } });

test('after 30 s with the server down, Mis Pedidos says so, comes back and hears the next event', async ({
  page,
  api,
  sufijo,
  vendedor,
  comprador,
  servidor,
}, testInfo) => {
  test.setTimeout(300_000);
  const nombre = `Yerba mate de la caída ${sufijo}`;
  const producto = await api.nuevoProducto(vendedor, { nombre, lugares: 5 });
  await api.pagarLugares(comprador, { productoId: producto._id, tiendaId: vendedor.tiendaId });
  const grupoId = await api.grupoAbierto(vendedor, producto._id);

  await logIn(page, comprador);
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'Mis Pedidos' })).toBeVisible();
  const pedido = page.getByRole('button', { name: /Pedido #/ }).filter({ hasText: nombre });
  await expect(pedido).toBeVisible();
  const aviso = page.getByRole('status').filter({ hasText: 'Sin conexión. Reintentando…' });
  await expect(aviso).toHaveCount(0);

  await servidor.detener();
  const caida = Date.now();
  await expect(aviso).toBeVisible();
  // Well before the cap of the old client's six attempts, and after it: still trying, still said.
  for (const ancho of [375, 1280]) {
    await page.setViewportSize({ width: ancho, height: ancho === 375 ? 740 : 800 });
    await expect(aviso).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`sin-conexion-${ancho}.png`) });
  }
  await page.setViewportSize({ width: 375, height: 740 });
  // The notice stays through the whole outage, looked at every second until it has lasted.
  let siempreVisible = true;
  await expect
    .poll(
      async () => {
        if (!(await aviso.isVisible())) siempreVisible = false;
        return Date.now() - caida;
      },
      { intervals: [1000], timeout: CAIDA_MS + 30_000 },
    )
    .toBeGreaterThanOrEqual(CAIDA_MS);
  expect(siempreVisible, 'el aviso se mantuvo durante la caída').toBe(true);

  // Back: the screen reads the orders again once the connection is.
  const releido = page.waitForResponse(
    (res) => res.url().endsWith('/api/pedido/obtenerPedidosConGruposPorUsuario') && res.ok(),
    { timeout: 60_000 },
  );
  await servidor.arrancar();
  await expect(toast(page, 'Conexión restablecida')).toBeVisible({ timeout: 30_000 });
  await expect(aviso).toHaveCount(0);
  await releido;

  // An event made after the restart reaches the page: the group's room was joined again.
  const equipo = await api.sesion(admin);
  const cancelado = await page.request.post(`/api/admin/grupos/${grupoId}/cancelar`, {
    headers: equipo.auth,
  });
  expect(cancelado.status(), await cancelado.text()).toBe(200);
  // Only the live event says this (a reload would not).
  await expect(toast(page, 'Grupo cancelado')).toBeVisible();
  await expect(pedido.getByText('Cancelado').first()).toBeVisible();
});
