import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { formatPrecio } from '@/lib/format-currency';
import { formatPeriodo, periodoPredefinido } from '@/lib/periodo';
import { MI_TIENDA_ID } from '@/test/mi-tienda-api';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';
import { CSV, mockEstadisticasApi, periodosPedidos } from '../test/estadisticas-api';
import { EstadisticasTienda } from './estadisticas-tienda';

const SECCION = '/my-store?seccion=estadisticas';

/** Where the router is: the test reads the period it keeps in the address. */
function Sonda({ ubicacion }: { ubicacion: { search: string } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    ubicacion.search = location.search;
  });
  return null;
}

function renderEstadisticas(path = SECCION) {
  const user = userEvent.setup();
  const onVolver = vi.fn();
  const ubicacion = { search: '' };
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <EstadisticasTienda usuarioId={USER_ID} onVolver={onVolver} />
        <Sonda ubicacion={ubicacion} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, onVolver, ubicacion };
}

/** The figure of a summary card, as it reads. */
function tarjeta(titulo: string): string | null | undefined {
  const termino = screen.getByText(titulo, {
    selector: '[data-slot="tarjeta-de-resumen"] dt span',
  });
  return termino.closest('[data-slot="tarjeta-de-resumen"]')?.querySelector('dd')?.textContent;
}

/** The value beside a term of a <dl>. */
function valorDe(termino: string): string | null | undefined {
  return screen.getByText(termino, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** An amount as toHaveTextContent reads it (its spaces collapsed: Intl writes a NBSP). */
const comoSeLee = (pesos: number) => formatPrecio(pesos).replace(/\s/g, ' ');

const panelCargado = () => screen.findByRole('heading', { name: 'Productos más vendidos' });

describe('Estadísticas', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it("shows this month's figures: cards, groups, both charts with their tables, the best products", async () => {
    const { calls } = mockEstadisticasApi();
    const { user } = renderEstadisticas();
    await panelCargado();

    const esteMes = periodoPredefinido('mes', new Date());
    expect(periodosPedidos(calls)).toEqual([esteMes]);
    expect(screen.getByRole('radio', { name: 'Este mes' })).toBeChecked();
    expect(screen.getByText(formatPeriodo(esteMes))).toBeVisible();

    expect(tarjeta('Ventas')).toBe(formatPrecio(1_284_350.5));
    expect(tarjeta('Reembolsado')).toBe(formatPrecio(42_000));
    expect(tarjeta('Neto')).toBe(formatPrecio(1_242_350.5));
    expect(tarjeta('Comisión de Mercado Pago')).toBe(formatPrecio(53_812.4));
    expect(tarjeta('Comisión del marketplace')).toBe(formatPrecio(64_217.53));
    expect(tarjeta('Pedidos')).toBe('87');
    expect(tarjeta('Unidades')).toBe('1.342');
    expect(tarjeta('Entregas pendientes')).toBe('9');
    expect(screen.getByText(/^Incluye .+ de envío$/).textContent).toBe(
      `Incluye ${formatPrecio(35_400)} de envío`,
    );

    expect(screen.getByRole('region', { name: 'Grupos' })).toBeVisible();
    expect(valorDe('Grupos abiertos')).toBe('6');
    expect(valorDe('Completados')).toBe('14');
    expect(valorDe('Cancelados')).toBe('3');
    expect(valorDe('Vencidos')).toBe('2');
    expect(valorDe('Tiempo mediano para completar')).toBe('1 d 4 h');

    // Each chart is named by what it shows; its table holds the same figures.
    const ventas = screen.getByRole('region', { name: 'Ventas por día' });
    expect(within(ventas).getByRole('img')).toHaveAccessibleName(
      expect.stringContaining(
        `Pagado: ${formatPrecio(218_500)}; reembolsado: ${formatPrecio(12_000)}.`,
      ),
    );
    await user.click(within(ventas).getByText('Ver como tabla'));
    const tablaVentas = within(ventas).getByRole('table', { name: /^Ventas por día/ });
    const filas = within(tablaVentas).getAllByRole('row');
    // A header, and one row per day of the month so far.
    expect(filas).toHaveLength(Number(esteMes.hasta.slice(8)) + 1);
    expect(filas[1]).toHaveTextContent(comoSeLee(120_500));

    const gruposPorDia = screen.getByRole('region', { name: 'Grupos completados y cancelados' });
    expect(within(gruposPorDia).getByRole('img')).toHaveAccessibleName(
      expect.stringMatching(/3 grupos completados y 1 grupo cancelados o vencidos\.$/),
    );
    await user.click(within(gruposPorDia).getByText('Ver como tabla'));
    expect(
      within(gruposPorDia).getByRole('columnheader', { name: 'Cancelados o vencidos' }),
    ).toBeVisible();

    const productos = screen.getByRole('table', { name: 'Productos más vendidos del período' });
    const [yerba, aceite] = within(productos).getAllByRole('row').slice(1);
    expect(within(yerba as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      'Yerba mate Playadito 1 kg',
    );
    expect(yerba).toHaveTextContent(comoSeLee(1_030_000));
    expect(yerba).toHaveTextContent('412');
    expect(yerba?.textContent?.replace(/\s/g, '')).toContain('75%3de4');
    expect(
      within(aceite as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('—');
  });

  it('asks again with the days of each period, and keeps the period in the address', async () => {
    const { calls } = mockEstadisticasApi();
    const { user, ubicacion } = renderEstadisticas();
    await panelCargado();
    const ahora = new Date();

    await user.click(screen.getByRole('radio', { name: 'Mes pasado' }));
    await waitFor(() =>
      expect(periodosPedidos(calls).at(-1)).toEqual(periodoPredefinido('mes-pasado', ahora)),
    );
    expect(new URLSearchParams(ubicacion.search).get('periodo')).toBe('mes-pasado');
    expect(new URLSearchParams(ubicacion.search).get('seccion')).toBe('estadisticas');

    await user.click(screen.getByRole('radio', { name: 'Esta semana' }));
    await waitFor(() =>
      expect(periodosPedidos(calls).at(-1)).toEqual(periodoPredefinido('semana', ahora)),
    );
  });

  it("'Personalizado' starts from the days on screen, says what is wrong, and asks for valid days", async () => {
    const { calls } = mockEstadisticasApi();
    const { user, ubicacion } = renderEstadisticas();
    await panelCargado();
    const esteMes = periodoPredefinido('mes', new Date());

    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    const desde = screen.getByLabelText('Desde');
    const hasta = screen.getByLabelText('Hasta');
    expect(desde).toHaveValue(esteMes.desde);
    expect(hasta).toHaveValue(esteMes.hasta);
    const pedidos = periodosPedidos(calls).length;

    // The month began after March 1st: the last day would come before the first.
    fireEvent.change(hasta, { target: { value: '2026-03-01' } });
    expect(
      await screen.findByText('La fecha final no puede ser anterior a la inicial'),
    ).toBeVisible();
    expect(hasta).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(desde, { target: { value: '2022-01-01' } });
    expect(await screen.findByText('El período puede abarcar hasta tres años')).toBeVisible();

    fireEvent.change(desde, { target: { value: '' } });
    expect(await screen.findByText('Elige el primer día')).toBeVisible();

    fireEvent.change(desde, { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(periodosPedidos(calls).at(-1)).toEqual({ desde: '2026-02-01', hasta: '2026-03-01' }),
    );
    // Only the accepted period was asked for.
    expect(periodosPedidos(calls).slice(pedidos)).toEqual([
      { desde: '2026-02-01', hasta: '2026-03-01' },
    ]);
    expect(screen.queryByText('La fecha final no puede ser anterior a la inicial')).toBeNull();
    const params = new URLSearchParams(ubicacion.search);
    expect([params.get('periodo'), params.get('desde'), params.get('hasta')]).toEqual([
      'personalizado',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(await screen.findByText('1 de febrero – 1 de marzo de 2026')).toBeVisible();
  });

  it('opens on the period of its address (a link, a reload)', async () => {
    const { calls } = mockEstadisticasApi();
    renderEstadisticas(`${SECCION}&periodo=personalizado&desde=2026-01-01&hasta=2026-06-30`);
    await panelCargado();
    expect(periodosPedidos(calls)).toEqual([{ desde: '2026-01-01', hasta: '2026-06-30' }]);
    expect(screen.getByRole('radio', { name: 'Personalizado' })).toBeChecked();
    // Half a year is charted week by week.
    expect(screen.getByRole('region', { name: 'Ventas por semana' })).toBeVisible();
  });

  it("says 'Todavía no hay ventas en este período' when nothing happened", async () => {
    mockEstadisticasApi({ estadisticas: 'vacia' });
    renderEstadisticas();
    expect(
      await screen.findByRole('heading', { name: 'Todavía no hay ventas en este período' }),
    ).toBeVisible();
    expect(screen.queryByText('Comisión de Mercado Pago')).toBeNull();
    // The period can still be changed and the (empty) sales downloaded.
    expect(screen.getByRole('radiogroup', { name: 'Período' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Descargar/ })).toBeEnabled();
  });

  it("says 'No se pudieron cargar las estadísticas' and loads them with 'Reintentar'", async () => {
    const { estado } = mockEstadisticasApi({ estadisticas: 'error' });
    const { user } = renderEstadisticas();
    await expectToast('Error', 'No se pudieron cargar las estadísticas');
    expect(
      screen.getByRole('heading', { name: 'No se pudieron cargar las estadísticas' }),
    ).toBeVisible();

    estado.estadisticas = 'ok';
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await panelCargado();
    expect(tarjeta('Neto')).toBe(formatPrecio(1_242_350.5));
  });

  it('says why when the API refuses (403), with no retry but the way back', async () => {
    const { calls } = mockEstadisticasApi({ estadisticas: 'prohibido' });
    const { user, onVolver } = renderEstadisticas();
    expect(
      await screen.findByRole('heading', { name: 'No tienes acceso a estas estadísticas' }),
    ).toBeVisible();
    expect(screen.getByText('No tienes permiso para ver esta tienda')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    // A refusal is not retried.
    expect(periodosPedidos(calls)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Volver a Mi Tienda' }));
    expect(onVolver).toHaveBeenCalledOnce();
  });

  it("downloads the period's sales as ventas-<desde>-<hasta>.csv with the session's token", async () => {
    let soltar = () => {};
    const csvRetenido = new Promise<void>((resolve) => {
      soltar = resolve;
    });
    const token = storeToken(makeToken());
    const { calls } = mockEstadisticasApi({ csvRetenido });
    const guardados: { nombre: string; href: string; contenido: Promise<string> }[] = [];
    const archivos = new Map<string, Blob>();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:ventas-${archivos.size}`;
          archivos.set(url, blob);
          return url;
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = archivos.get(this.getAttribute('href') ?? '');
      guardados.push({
        nombre: this.download,
        href: this.getAttribute('href') ?? '',
        contenido: blob?.text() ?? Promise.resolve(''),
      });
    });
    const { user } = renderEstadisticas();
    await panelCargado();
    const esteMes = periodoPredefinido('mes', new Date());

    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    const descargando = await screen.findByRole('button', { name: 'Descargando…' });
    expect(descargando).toBeDisabled();
    soltar();
    await waitFor(() => expect(guardados).toHaveLength(1));
    expect(guardados[0]?.nombre).toBe(`ventas-${esteMes.desde}-${esteMes.hasta}.csv`);
    expect(await guardados[0]?.contenido).toBe(CSV);
    expect(await screen.findByRole('button', { name: 'Descargar CSV' })).toBeEnabled();

    const pedido = calls.find((call) => call.url.includes('/ventas.csv'));
    const url = new URL(pedido?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe(`/api/tienda/${MI_TIENDA_ID}/ventas.csv`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...esteMes, formato: 'es-AR' });
    expect(pedido?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("says 'No se pudo descargar el CSV' with the server's reason when the download fails", async () => {
    mockEstadisticasApi({ csv: 'error' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderEstadisticas();
    await panelCargado();
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await expectToast('No se pudo descargar el CSV', 'No pudimos armar el archivo');
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled();
    expect(click).not.toHaveBeenCalled();
  });

  it('passes axe', async () => {
    mockEstadisticasApi();
    const { container } = { container: document.body };
    renderEstadisticas();
    await panelCargado();
    const { violations } = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });
});
