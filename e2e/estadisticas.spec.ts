import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { admin, expect, test } from './fixtures';
import { logIn, sesionPorApi, toast } from './helpers';

/**
 * The numbers sellers and the team run the business on (issue 37; docs/decisions/058): a seller
 * opens Estadísticas at 375 px and at 1280 px, sees the period's sale, changes the period and
 * downloads the CSV, whose rows add up to the screen's figures; the team finds a refund the
 * provider keeps refusing in 'Dinero en curso' and retries it until it goes out.
 */
const TELEFONO = { width: 375, height: 740 };
const ESCRITORIO = { width: 1280, height: 900 };

const pesos = (n: number) =>
  `$ ${n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The period's summary card of this title ('Ventas', 'Pedidos'…). */
const tarjeta = (page: Page, titulo: string) =>
  page
    .getByRole('region', { name: 'Resumen del período' })
    .locator('div')
    .filter({ has: page.getByText(titulo, { exact: true }) })
    .last();

test('a seller reads the period, changes it and downloads the sales as CSV', async ({
  page,
  request,
  api,
  sufijo,
}) => {
  test.setTimeout(180_000);
  const vendedor = await api.nuevoVendedor({ nombre: `Almacén de Números ${sufijo}` });
  const nombre = `Yerba para contar ${sufijo}`;
  const { _id: productoId } = await api.nuevoProducto(vendedor, { nombre, lugares: 5 });
  const comprador = await api.nuevoComprador();
  await api.pagarLugares(comprador, { productoId, tiendaId: vendedor.tiendaId }, 2);

  // What the API computes for this month is what the screen shows.
  const duenio = await sesionPorApi(request, vendedor.credenciales);
  const hoy = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
  }).format(new Date());
  const desde = `${hoy.slice(0, 8)}01`;
  const respuesta = await request.get(
    `/api/tienda/${vendedor.tiendaId}/estadisticas?desde=${desde}&hasta=${hoy}`,
    { headers: duenio.auth },
  );
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const cifras = (await respuesta.json()) as { ventas: { pagado: number }; pedidos: number };
  expect(cifras.pedidos).toBe(1);

  await page.setViewportSize(TELEFONO);
  await logIn(page, vendedor.credenciales);
  await page.goto('/my-store');
  await page.getByRole('button', { name: /Estadísticas/ }).click();
  await expect(page.getByRole('heading', { name: 'Estadísticas' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Este mes' })).toBeChecked();
  await expect(tarjeta(page, 'Pedidos')).toContainText('1');
  await expect(tarjeta(page, 'Unidades')).toContainText('2');
  await expect(tarjeta(page, 'Ventas')).toContainText(
    pesos(cifras.ventas.pagado).replace(/,(\d\d)$/, ''),
  );
  await expect(page.getByRole('row').filter({ hasText: nombre })).toBeVisible();

  // Another period: last month had nothing of this new store.
  // The radios are drawn as a segmented control: their labels take the click.
  const periodo = page.getByRole('radiogroup', { name: 'Período' });
  await periodo.getByText('Mes pasado', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Mes pasado' })).toBeChecked();
  await expect(
    page.getByRole('heading', { name: 'Todavía no hay ventas en este período' }),
  ).toBeVisible();
  await periodo.getByText('Este mes', { exact: true }).click();
  await expect(tarjeta(page, 'Pedidos')).toContainText('1');

  // The accountant's file: one row, adding up to the screen's figures.
  const descarga = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: /Descargar/ }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`ventas-${desde}-${hoy}.csv`);
  // As a Spanish spreadsheet opens it: '1.234,56' in columns split by ';'.
  const filas: Record<string, string>[] = parse(await readFile((await archivo.path()) ?? ''), {
    columns: true,
    bom: true,
    delimiter: ';',
  });
  expect(filas).toHaveLength(1);
  const [fila] = filas;
  const monto = (columna: string) =>
    Number((fila?.[columna] ?? '').replaceAll('.', '').replace(',', '.'));
  expect(monto('Mercadería') + monto('Envío')).toBeCloseTo(cifras.ventas.pagado, 2);
  expect(fila?.Productos).toBe(`${nombre} × 2`);
  expect(fila?.Comprador).toBe('Comprador de Prueba');

  // The same screen on a desktop: the charts, each with its table.
  await page.setViewportSize(ESCRITORIO);
  const ventasPorDia = page.getByRole('region', { name: 'Ventas por día' });
  await expect(
    ventasPorDia.getByRole('img', { name: /^Gráfico de barras de ventas/ }),
  ).toBeVisible();
  await expect(ventasPorDia).toContainText(pesos(cifras.ventas.pagado));
  await expect(
    page.getByRole('img', { name: /^Gráfico de barras de grupos por día/ }),
  ).toBeVisible();
  await expect(tarjeta(page, 'Pedidos')).toContainText('1');
});

for (const viewport of [TELEFONO, ESCRITORIO]) {
  test(`the team retries a refund the provider refuses, at ${viewport.width} px`, async ({
    page,
    request,
    api,
    sufijo,
  }) => {
    test.setTimeout(180_000);
    const vendedor = await api.nuevoVendedor({ nombre: `Tienda que Reembolsa ${sufijo}` });
    const { _id: productoId } = await api.nuevoProducto(vendedor, {
      nombre: `Mate para devolver ${sufijo}`,
      lugares: 5,
    });
    const comprador = await api.nuevoComprador();
    const pedidoId = await api.pagarLugares(
      comprador,
      { productoId, tiendaId: vendedor.tiendaId },
      1,
      { reembolsosFallan: true },
    );
    const numero = `#${pedidoId.slice(-6).toUpperCase()}`;

    await page.setViewportSize(viewport);
    await logIn(page, admin);
    await page.goto('/admin/dinero');
    await expect(page.getByRole('heading', { name: 'Dinero en curso', level: 1 })).toBeVisible();

    // The team cancels the group: its refund is tried at once and refused; the retry job waits
    // a minute before its next try, so the next tries are the team's.
    const equipo = await sesionPorApi(request, admin);
    const grupoId = await api.grupoAbierto(vendedor, productoId);
    const cancelado = await request.post(`/api/admin/grupos/${grupoId}/cancelar`, {
      headers: equipo.auth,
    });
    expect(cancelado.ok(), await cancelado.text()).toBe(true);
    await page.reload();
    const reembolso = page.getByRole('article').filter({ hasText: `Pedido ${numero}` });
    await expect(reembolso).toContainText('503');

    // Refused once more: the answer and who asked stay on the card.
    await reembolso.getByRole('button', { name: 'Reintentar' }).click();
    await expect(toast(page, 'Mercado Pago volvió a rechazar el reembolso')).toBeVisible();
    await expect(reembolso).toContainText('Reintentado por Equipo Compra Grupal');
    await expect(reembolso).toContainText('fallido');

    // The provider answers now: the refund goes out and leaves the list.
    await reembolso.getByRole('button', { name: 'Reintentar' }).click();
    await expect(toast(page, 'Reembolso enviado')).toBeVisible();
    await expect(reembolso).toHaveCount(0);
  });
}
