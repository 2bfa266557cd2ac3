import {
  type EstadisticasDeTienda,
  estadisticasDeTiendaSchema,
  type PeriodoQuery,
  tiendaPorUsuarioResponseSchema,
} from '@compra-grupal/contracts';
import { checked, contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { crearTiendaDelVendedor, MI_TIENDA_ID } from '@/test/mi-tienda-api';
import { USER_ID } from '@/test/tokens';

/** Fixtures and a fake of GET /api/tienda/{id}/estadisticas and ventas.csv for the web tests. */

export const PRODUCTO_YERBA = 'b70000000000000000000001';
export const PRODUCTO_ACEITE = 'b70000000000000000000002';

/** A month with sales, checked against the contract where it is built. */
export function estadisticas(
  periodo: PeriodoQuery,
  overrides: Partial<EstadisticasDeTienda> = {},
): EstadisticasDeTienda {
  return checked(estadisticasDeTiendaSchema, {
    tiendaId: MI_TIENDA_ID,
    ...periodo,
    ventas: { pagado: 1_284_350.5, reembolsado: 42_000, neto: 1_242_350.5, envio: 35_400 },
    comisiones: { mercadoPago: 53_812.4, marketplace: 64_217.53 },
    pedidos: 87,
    unidades: 1_342,
    grupos: {
      abiertos: 6,
      completados: 14,
      cancelados: 3,
      vencidos: 2,
      medianaHorasParaCompletar: 28,
    },
    entregasPendientes: 9,
    porDia: [
      {
        dia: periodo.desde,
        pagado: 120_500,
        reembolsado: 0,
        gruposCompletados: 2,
        gruposCancelados: 0,
      },
      {
        dia: periodo.hasta,
        pagado: 98_000,
        reembolsado: 12_000,
        gruposCompletados: 1,
        gruposCancelados: 1,
      },
    ],
    productos: [
      {
        productoId: PRODUCTO_YERBA,
        nombre: 'Yerba mate Playadito 1 kg',
        unidades: 412,
        ventas: 1_030_000,
        gruposCompletados: 3,
        gruposTerminados: 4,
        tasaDeCompletado: 0.75,
      },
      {
        productoId: PRODUCTO_ACEITE,
        nombre: 'Aceite de oliva 500 ml',
        unidades: 38,
        ventas: 254_350.5,
        gruposCompletados: 0,
        gruposTerminados: 0,
        tasaDeCompletado: null,
      },
    ],
    ...overrides,
  });
}

/** A period where nothing happened (deliveries from before may still be pending). */
export function estadisticasVacias(periodo: PeriodoQuery): EstadisticasDeTienda {
  return estadisticas(periodo, {
    ventas: { pagado: 0, reembolsado: 0, neto: 0, envio: 0 },
    comisiones: { mercadoPago: 0, marketplace: 0 },
    pedidos: 0,
    unidades: 0,
    grupos: {
      abiertos: 0,
      completados: 0,
      cancelados: 0,
      vencidos: 0,
      medianaHorasParaCompletar: null,
    },
    entregasPendientes: 2,
    porDia: [],
    productos: [],
  });
}

export const CSV = 'fecha;pedido;producto;unidades;pagado\n2026-11-03;#A1B2C3;Yerba;2;5000,00\n';

type Respuesta = 'ok' | 'vacia' | 'error' | 'prohibido';

/**
 * Fakes the seller's store and its figures. `estado` is live: a test changes what the next call
 * answers. Every call is recorded in `calls`.
 */
export function mockEstadisticasApi(
  inicial: { estadisticas?: Respuesta; csv?: 'ok' | 'error'; csvRetenido?: Promise<void> } = {},
) {
  const estado = { estadisticas: 'ok' as Respuesta, csv: 'ok' as 'ok' | 'error', ...inicial };
  const mock = mockFetch(async (call: FetchCall) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === `/api/tienda/por-usuario/${USER_ID}`) {
      return contractJson(tiendaPorUsuarioResponseSchema, { tienda: crearTiendaDelVendedor() });
    }
    const periodo = {
      desde: url.searchParams.get('desde') ?? '',
      hasta: url.searchParams.get('hasta') ?? '',
    };
    if (url.pathname === `/api/tienda/${MI_TIENDA_ID}/estadisticas`) {
      switch (estado.estadisticas) {
        case 'error':
          return json(
            { code: 'ERROR_INTERNO', message: 'Ocurrió un error inesperado' },
            500,
            'Internal Server Error',
          );
        case 'prohibido':
          return json(
            { code: 'ACCESO_DENEGADO', message: 'No tienes permiso para ver esta tienda' },
            403,
            'Forbidden',
          );
        case 'vacia':
          return json(estadisticasVacias(periodo));
        case 'ok':
          return json(estadisticas(periodo));
      }
    }
    if (url.pathname === `/api/tienda/${MI_TIENDA_ID}/ventas.csv`) {
      await estado.csvRetenido;
      if (estado.csv === 'error') {
        return json(
          { code: 'ERROR_INTERNO', message: 'No pudimos armar el archivo' },
          500,
          'Internal Server Error',
        );
      }
      return new Response(CSV, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="ventas.csv"`,
        },
      });
    }
    return json({ code: 'NO_ENCONTRADO', message: 'No encontrado' }, 404, 'Not Found');
  });
  return { ...mock, estado };
}

/** The calls for the figures, with the period each asked for. */
export function periodosPedidos(calls: readonly FetchCall[]): PeriodoQuery[] {
  return calls
    .map((call) => new URL(call.url, 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/estadisticas'))
    .map((url) => ({
      desde: url.searchParams.get('desde') ?? '',
      hasta: url.searchParams.get('hasta') ?? '',
    }));
}
