import type { Page } from '@playwright/test';
import { conHidratacion, expect, test, type Ubicacion } from './fixtures';
import { logIn, repartidor, type Sesion, sesionPorApi, toast } from './helpers';

/**
 * 'Entrega en grupo' (issue 36; docs/decisions/057) at 375 px: a store offers it, three
 * neighbours join one group with it (through the API and the sandbox, as the checkout journey
 * covers the screens), the group completes and each finds the shipping difference refunded in
 * Mis Pagos; the courier opens the day's route, confirms the stops by code in the planned order,
 * and each shopper finds the order delivered.
 */
const TELEFONO = { width: 375, height: 740 };

/** Three doors a few blocks from the store, in different directions. */
const vecinos = (tienda: Ubicacion): Ubicacion[] => [
  { latitude: tienda.latitude + 0.006, longitude: tienda.longitude + 0.002 },
  { latitude: tienda.latitude - 0.004, longitude: tienda.longitude + 0.007 },
  { latitude: tienda.latitude + 0.001, longitude: tienda.longitude - 0.008 },
];

test.use({ viewport: TELEFONO });

test('three neighbours share one route: the shipping falls, the courier delivers them in order', async ({
  page,
  browser,
  request,
  api,
  sufijo,
}) => {
  test.setTimeout(240_000);
  const vendedor = await api.nuevoVendedor({ nombre: `Verdulería del Barrio ${sufijo}` });
  const duenio = await api.sesion(vendedor.credenciales);
  const editada = await request.put(`/api/tienda/editar/${vendedor.userId}`, {
    headers: duenio.auth,
    multipart: {
      nombre: vendedor.tiendaNombre,
      telefono: '+54 11 5555-4040',
      email: 'tienda@example.com',
      razonSocial: `${vendedor.tiendaNombre} S.R.L.`,
      entregaEnGrupo: JSON.stringify({ activa: true, base: 3000, porKm: 400, minimo: 600 }),
    },
  });
  expect(editada.ok(), await editada.text()).toBe(true);
  const nombre = `Cajón de frutas ${sufijo}`;
  const { _id: productoId } = await api.nuevoProducto(vendedor, { nombre, lugares: 3 });
  const producto = { productoId, tiendaId: vendedor.tiendaId };

  const compradores = await Promise.all([
    api.nuevoComprador(),
    api.nuevoComprador(),
    api.nuevoComprador(),
  ]);
  const puntos = vecinos(vendedor.ubicacion);
  const pedidoIds: string[] = [];
  for (const [i, comprador] of compradores.entries()) {
    pedidoIds.push(
      await api.pagarLugares(comprador, producto, 1, { lugar: puntos[i], entregaEnGrupo: true }),
    );
  }

  // The group completed: each neighbour gets back what they paid above their share.
  const sesiones: Sesion[] = await Promise.all(compradores.map((c) => sesionPorApi(request, c)));
  const pagos = async (s: Sesion, pedidoId: string) => {
    const res = await request.get(`/api/pedido/estadoPagos/${pedidoId}`, { headers: s.auth });
    return (await res.json()) as { pagosPorVendedor: { reembolsado: number }[] };
  };
  for (const [i, s] of sesiones.entries()) {
    await expect
      .poll(async () => (await pagos(s, pedidoIds[i] ?? '')).pagosPorVendedor[0]?.reembolsado, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
  }
  const pesos = (n: number) =>
    `$ ${n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const misPagos = async (p: Page, reembolsado: number) => {
    await p.goto('/my-payments');
    await expect(p.getByRole('heading', { name: 'Mis Pagos' })).toBeVisible();
    await expect(p.getByTestId('reembolso-pedido').first()).toHaveText(
      `Reembolso parcial ${pesos(reembolsado)}`,
    );
  };
  const contextos = [];
  const paginas: Page[] = [page];
  for (let i = 1; i < compradores.length; i++) {
    const contexto = await browser.newContext({ viewport: TELEFONO });
    contextos.push(contexto);
    paginas.push(conHidratacion(await contexto.newPage()));
  }
  for (const [i, p] of paginas.entries()) {
    const comprador = compradores[i];
    if (!comprador) continue;
    await logIn(p, comprador);
    const { pagosPorVendedor } = await pagos(sesiones[i] as Sesion, pedidoIds[i] ?? '');
    await misPagos(p, pagosPorVendedor[0]?.reembolsado ?? 0);
  }

  // The courier's day: our store's route, its stops numbered in the planned order.
  const codigos = new Map<string, string>();
  for (const [i, s] of sesiones.entries()) {
    const res = await request.post('/api/pedido/obtenerPedidosConGruposPorUsuario', {
      headers: s.auth,
      data: { usuarioId: s.userId },
    });
    const [pedido] = (await res.json()) as { _id: string; codigo: string }[];
    codigos.set(pedidoIds[i] ?? '', pedido?.codigo ?? '');
  }
  const repartoContext = await browser.newContext({ viewport: TELEFONO });
  const courier = conHidratacion(await repartoContext.newPage());
  await logIn(courier, repartidor);
  await courier.goto('/delivery-orders');
  const paradas = courier.getByRole('list', { name: `Paradas de ${vendedor.tiendaNombre}` });
  await expect(paradas).toBeVisible();
  await expect(courier.getByText(/km/).first()).toBeVisible();
  const stops = paradas.locator('[data-slot="parada-de-ruta"]');
  await expect(stops).toHaveCount(3);
  const enOrden: string[] = [];
  for (let i = 0; i < 3; i++) {
    const texto = (await stops.nth(i).textContent()) ?? '';
    const pedidoId = pedidoIds.find((id) => texto.includes(id.slice(-6).toUpperCase()));
    if (!pedidoId) throw new Error(`La parada ${i + 1} no nombra un pedido del grupo`);
    enOrden.push(pedidoId);
    await expect(stops.nth(i).getByRole('link', { name: /Google Maps/ })).toHaveAttribute(
      'href',
      /google\.com\/maps/,
    );
    await expect(stops.nth(i).getByRole('link', { name: /Waze/ })).toHaveAttribute(
      'href',
      /waze\.com/,
    );
  }

  // Confirmed in order, each stop is checked off.
  for (const [i, pedidoId] of enOrden.entries()) {
    const parada = stops.filter({ hasText: pedidoId.slice(-6).toUpperCase() });
    await parada.getByRole('textbox').fill(codigos.get(pedidoId) ?? '');
    await parada.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(toast(courier, '¡Entrega confirmada!')).toBeVisible();
    await expect(stops.nth(i)).toHaveAttribute('data-entregada', 'true');
  }
  await repartoContext.close();

  // Each shopper finds the order delivered.
  for (const p of paginas) {
    await p.goto('/my-orders');
    await p.getByRole('tab', { name: /Entregados/ }).click();
    await expect(p.getByText(nombre).first()).toBeVisible();
  }
  for (const contexto of contextos) await contexto.close();
});
