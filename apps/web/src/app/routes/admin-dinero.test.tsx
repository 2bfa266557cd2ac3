import {
  type DineroEnCurso,
  dineroEnCursoSchema,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type ReembolsoEnCurso,
  type ReintentoDeReembolso,
  reembolsoEnCursoSchema,
  reintentoDeReembolsoSchema,
} from '@compra-grupal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { periodoPredefinido } from '@/lib/periodo';
import { checked, contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';

const REEMBOLSO_1 = 'e70000000000000000000001';
const REEMBOLSO_2 = 'e70000000000000000000002';
const ERROR_DEL_PROVEEDOR =
  '{"status":400,"error":"bad_request","message":"Payment too old to be refunded","cause":[{"code":2031}]}';

function reembolso(overrides: Partial<ReembolsoEnCurso> = {}): ReembolsoEnCurso {
  return checked(reembolsoEnCursoSchema, {
    _id: REEMBOLSO_1,
    motivo: 'grupo_cancelado',
    pedidoId: 'a70000000000000000a1b2c3',
    numero: '#A1B2C3',
    tiendaNombre: 'Almacén Don Ramón',
    monto: 18500.5,
    intentos: 4,
    ultimoError: ERROR_DEL_PROVEEDOR,
    proximoIntento: '2026-11-15T18:00:00.000Z',
    fechaCreacion: '2026-11-10T13:00:00.000Z',
    fallando: true,
    reintentos: [{ por: 'Marta Gómez', en: '2026-11-12T15:30:00.000Z', resultado: 'fallido' }],
    ...overrides,
  });
}

function dinero(overrides: Partial<DineroEnCurso> = {}): DineroEnCurso {
  return checked(dineroEnCursoSchema, {
    desde: '2026-11-01',
    hasta: '2026-11-14',
    totales: { ventas: 1234567.89, comisiones: 61728.4, reembolsos: 45200 },
    reembolsos: [
      reembolso(),
      reembolso({
        _id: REEMBOLSO_2,
        motivo: 'pago_no_coincide',
        numero: '#D4E5F6',
        tiendaNombre: 'Verdulería La Huerta',
        monto: 3200,
        intentos: 1,
        ultimoError: null,
        fallando: false,
        reintentos: [],
      }),
    ],
    pagosSinAplicar: [
      {
        pedidoId: 'a70000000000000000777777',
        numero: '#777777',
        tiendaId: 'b70000000000000000000001',
        tiendaNombre: 'Carnicería El Toro',
        monto: 27400,
        situacion: 'sin_noticias',
        desde: '2026-11-13T11:20:00.000Z',
      },
    ],
    pagosNoCoincidentes: [
      {
        proveedorPagoId: '1325476980',
        pedidoId: 'a70000000000000000888888',
        numero: '#888888',
        tiendaNombre: 'Panadería Don Julio',
        monto: 9100,
        reembolsado: false,
        fecha: '2026-11-11T20:45:00.000Z',
      },
    ],
    ...overrides,
  });
}

/**
 * The API of the screen: the roles, GET /api/admin/dinero (the answers in turn, the last one
 * repeated) and the retry, which answers when `soltarReintento` is called.
 */
function mockDineroApi({
  esAdmin = true,
  respuestas = [dinero()],
  reintento,
}: {
  esAdmin?: boolean;
  respuestas?: (DineroEnCurso | 500)[];
  reintento?: ReintentoDeReembolso;
} = {}) {
  let consultas = 0;
  let soltar: () => void = () => {};
  const retenido = new Promise<void>((resolve) => {
    soltar = resolve;
  });
  const mock = mockFetch(async ({ url, method }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/usuario/esAdmin') return contractJson(esAdminResponseSchema, { esAdmin });
    if (path === '/api/usuario/esVendedor')
      return contractJson(esVendedorResponseSchema, { esVendedor: false });
    if (path === '/api/usuario/esRepartidor')
      return contractJson(esRepartidorResponseSchema, { esRepartidor: false });
    if (path === '/api/admin/dinero' && method === 'GET') {
      const respuesta = respuestas[Math.min(consultas, respuestas.length - 1)];
      consultas++;
      if (respuesta === 500 || respuesta === undefined) {
        return json({ error: 'Error interno', mensaje: 'Error interno' }, 500);
      }
      return contractJson(dineroEnCursoSchema, respuesta);
    }
    if (/^\/api\/admin\/reembolsos\/[^/]+\/reintentar$/.test(path) && method === 'POST') {
      await retenido;
      return contractJson(reintentoDeReembolsoSchema, reintento ?? reintentoOk());
    }
    return json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404, 'Not Found');
  });
  const consultasDeDinero = () =>
    mock.calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/admin/dinero'));
  return { ...mock, consultasDeDinero, soltarReintento: () => soltar() };
}

function reintentoOk(): ReintentoDeReembolso {
  return {
    mensaje: 'Reembolso enviado',
    resultado: 'reembolsado',
    reembolso: reembolso({ intentos: 5, fallando: false }),
  };
}

const seccion = (nombre: string) =>
  screen.findByRole('region', { name: new RegExp(`^${nombre}`) }).then((el) => within(el));

describe('/admin/dinero', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('shows the totals of this month and every section of money in flight', async () => {
    const { consultasDeDinero } = mockDineroApi();
    renderApp('/admin/dinero');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dinero en curso' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Dinero en curso · Compra Grupal'));

    const totales = await seccion('Totales del marketplace');
    expect(await totales.findByText('$ 1.234.567,89')).toBeVisible();
    expect(totales.getByText('Ventas')).toBeVisible();
    expect(totales.getByText('Comisiones ganadas')).toBeVisible();
    expect(totales.getByText('$ 61.728,40')).toBeVisible();
    expect(totales.getByText('Reembolsos')).toBeVisible();
    expect(totales.getByText('$ 45.200,00')).toBeVisible();
    expect(totales.getByText('Del 1 al 14 de nov de 2026')).toBeVisible();
    expect(totales.getByRole('tab', { name: 'Este mes' })).toHaveAttribute('aria-selected', 'true');
    const { desde, hasta } = periodoPredefinido('mes');
    expect(consultasDeDinero()[0]?.url).toBe(`/api/admin/dinero?desde=${desde}&hasta=${hasta}`);

    const fallando = within(await screen.findByRole('article', { name: 'Pedido #A1B2C3' }));
    expect(fallando.getByText('Almacén Don Ramón')).toBeVisible();
    expect(fallando.getByText('$ 18.500,50')).toBeVisible();
    expect(fallando.getByText('Grupo cancelado')).toBeVisible();
    expect(fallando.getByText('Fallando')).toBeVisible();
    expect(fallando.getByText('4')).toBeVisible();
    expect(fallando.getByText(ERROR_DEL_PROVEEDOR)).toBeVisible();
    expect(fallando.getByText(/15 de nov de 2026/)).toBeVisible();
    expect(fallando.getByRole('listitem')).toHaveTextContent(
      'Reintentado por Marta Gómez el 12 de nov de 2026, 12:30, resultado: fallido',
    );
    const pendiente = within(screen.getByRole('article', { name: 'Pedido #D4E5F6' }));
    expect(pendiente.getByText('Pago que no coincide')).toBeVisible();
    expect(pendiente.queryByText('Fallando')).toBeNull();
    expect(pendiente.getByRole('button', { name: 'Reintentar' })).toBeEnabled();

    const sinAplicar = within(screen.getByRole('list', { name: 'Pagos sin aplicar' }));
    expect(sinAplicar.getByText('#777777')).toBeVisible();
    expect(sinAplicar.getByText('Carnicería El Toro')).toBeVisible();
    expect(sinAplicar.getByText('Sin noticias del proveedor')).toBeVisible();
    expect(sinAplicar.getByText('$ 27.400,00')).toBeVisible();

    const noCoinciden = within(screen.getByRole('list', { name: 'Pagos que no coinciden' }));
    expect(noCoinciden.getByText('#888888')).toBeVisible();
    expect(noCoinciden.getByText('1325476980')).toBeVisible();
    expect(noCoinciden.getByText('Reembolso pendiente')).toBeVisible();
  });

  it("retries a refund once even on a double click, says the server's message and asks again", async () => {
    const { calls, consultasDeDinero, soltarReintento } = mockDineroApi({
      respuestas: [dinero(), dinero({ reembolsos: [dinero().reembolsos[1] as ReembolsoEnCurso] })],
    });
    const { user } = renderApp('/admin/dinero');
    const card = await screen.findByRole('article', { name: 'Pedido #A1B2C3' });
    const boton = within(card).getByRole('button', { name: 'Reintentar' });
    // Two clicks before React draws again (the button is still enabled for the second).
    fireEvent.click(boton);
    fireEvent.click(boton);
    expect(await within(card).findByRole('button', { name: 'Reintentando…' })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Reintentando…' }));

    soltarReintento();
    await expectToast('Reembolso enviado');
    const reintentos = calls.filter((c) => c.url.includes('/reintentar'));
    expect(reintentos.map((c) => c.url)).toEqual([
      `/api/admin/reembolsos/${REEMBOLSO_1}/reintentar`,
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Pedido #A1B2C3' })).toBeNull(),
    );
    expect(consultasDeDinero()).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Pedido #D4E5F6' })).toBeVisible();
  });

  it("shows the provider's new answer when the retry fails again", async () => {
    const nuevoError = '{"status":500,"message":"internal_error"}';
    const { soltarReintento } = mockDineroApi({
      respuestas: [
        dinero(),
        dinero({
          reembolsos: [
            reembolso({
              intentos: 5,
              ultimoError: nuevoError,
              reintentos: [
                { por: 'Ana Pérez', en: '2026-11-14T20:05:00.000Z', resultado: 'fallido' },
                ...reembolso().reintentos,
              ],
            }),
          ],
        }),
      ],
      reintento: {
        mensaje: 'Mercado Pago volvió a rechazar el reembolso',
        resultado: 'fallido',
        reembolso: reembolso({ intentos: 5, ultimoError: nuevoError }),
      },
    });
    const { user } = renderApp('/admin/dinero');
    const card = await screen.findByRole('article', { name: 'Pedido #A1B2C3' });
    await user.click(within(card).getByRole('button', { name: 'Reintentar' }));
    soltarReintento();
    await expectToast('Mercado Pago volvió a rechazar el reembolso');
    expect(await within(card).findByText(nuevoError)).toBeVisible();
    expect(within(card).getByText('5')).toBeVisible();
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent(
      'Reintentado por Ana Pérez el 14 de nov de 2026, 17:05, resultado: fallido',
    );
    expect(within(card).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  });

  it('asks for the totals of last month and of the days chosen', async () => {
    const { consultasDeDinero } = mockDineroApi();
    const { user } = renderApp('/admin/dinero');
    const totales = await seccion('Totales del marketplace');
    await totales.findByText('$ 1.234.567,89');

    await user.click(totales.getByRole('tab', { name: 'Mes pasado' }));
    const pasado = periodoPredefinido('mes-pasado');
    await waitFor(() =>
      expect(consultasDeDinero().at(-1)?.url).toBe(
        `/api/admin/dinero?desde=${pasado.desde}&hasta=${pasado.hasta}`,
      ),
    );

    await user.click(totales.getByRole('tab', { name: 'Personalizado' }));
    const desde = totales.getByLabelText('Desde');
    const hasta = totales.getByLabelText('Hasta');
    // 'Personalizado' starts from this month; a last day before it is not asked for.
    fireEvent.change(hasta, { target: { value: '2020-03-31' } });
    expect(
      await totales.findByText('La fecha final no puede ser anterior a la inicial'),
    ).toBeVisible();
    expect(consultasDeDinero().some((c) => c.url.includes('2020-03-31'))).toBe(false);

    fireEvent.change(desde, { target: { value: '2020-03-10' } });
    await waitFor(() =>
      expect(consultasDeDinero().at(-1)?.url).toBe(
        '/api/admin/dinero?desde=2020-03-10&hasta=2020-03-31',
      ),
    );
    expect(totales.queryByText('La fecha final no puede ser anterior a la inicial')).toBeNull();
  });

  it('says when each section is empty', async () => {
    mockDineroApi({
      respuestas: [dinero({ reembolsos: [], pagosSinAplicar: [], pagosNoCoincidentes: [] })],
    });
    renderApp('/admin/dinero');
    expect(await screen.findByText('No hay reembolsos pendientes')).toBeVisible();
    expect(screen.getByText('No hay pagos sin aplicar')).toBeVisible();
    expect(screen.getByText('No hay pagos que no coincidan')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('says when the money could not be loaded, and tries again', async () => {
    const { consultasDeDinero } = mockDineroApi({ respuestas: [500, dinero()] });
    const { user } = renderApp('/admin/dinero');
    expect(
      await screen.findByRole('heading', { name: 'No se pudo cargar el dinero en curso' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Pedido #A1B2C3' })).toBeVisible();
    expect(consultasDeDinero()).toHaveLength(2);
  });

  it('is restricted to admins', async () => {
    const { consultasDeDinero } = mockDineroApi({ esAdmin: false });
    renderApp('/admin/dinero');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' }),
    ).toBeVisible();
    expect(consultasDeDinero()).toHaveLength(0);
  });
});
