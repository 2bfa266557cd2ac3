import {
  cancelarGrupoResponseSchema,
  ERROR_MESSAGES,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type GrupoParaAdmin,
  grupoParaAdminSchema,
  gruposParaAdminResponseSchema,
} from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { checked, contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';

const GRUPO_1 = 'd60000000000000000000001';
const GRUPO_2 = 'd60000000000000000000002';

function grupo(overrides: Partial<GrupoParaAdmin>): GrupoParaAdmin {
  return checked(grupoParaAdminSchema, {
    _id: GRUPO_1,
    estado: 'abierto',
    lugaresNecesarios: 10,
    lugaresOcupados: 4,
    fechaCreacion: '2026-11-05T17:30:00.000Z',
    fechaLimite: '2026-11-20T17:30:00.000Z',
    productoId: 'b60000000000000000000001',
    productoNombre: 'Aceite de oliva 1 l',
    tiendaNombre: 'Almacén La Esquina',
    participantes: 3,
    montoAReembolsar: 25600.5,
    ...overrides,
  });
}

function mockGruposApi({
  esAdmin = true,
  cancelar = 'ok' as 'ok' | 409,
  grupos = [
    grupo({}),
    grupo({
      _id: GRUPO_2,
      productoNombre: 'Miel pura 500 g',
      fechaLimite: null,
      participantes: 1,
      montoAReembolsar: 4200,
    }),
  ],
} = {}) {
  let abiertos = grupos;
  return mockFetch(({ url, method }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/usuario/esAdmin') return contractJson(esAdminResponseSchema, { esAdmin });
    if (path === '/api/usuario/esVendedor')
      return contractJson(esVendedorResponseSchema, { esVendedor: false });
    if (path === '/api/usuario/esRepartidor')
      return contractJson(esRepartidorResponseSchema, { esRepartidor: false });
    if (path === '/api/admin/grupos' && method === 'GET') {
      return contractJson(gruposParaAdminResponseSchema, { grupos: abiertos });
    }
    const accion = /^\/api\/admin\/grupos\/([^/]+)\/cancelar$/.exec(path);
    if (accion && method === 'POST') {
      if (cancelar === 409) {
        return json(
          {
            error: ERROR_MESSAGES.GRUPO_NO_CANCELABLE,
            mensaje: ERROR_MESSAGES.GRUPO_NO_CANCELABLE,
            code: 'GRUPO_NO_CANCELABLE',
          },
          409,
        );
      }
      const cancelado = abiertos.find((g) => g._id === accion[1]);
      abiertos = abiertos.filter((g) => g._id !== accion[1]);
      return contractJson(cancelarGrupoResponseSchema, {
        mensaje: 'Grupo cancelado: se reembolsarán 3 participaciones',
        reembolsos: cancelado?.participantes ?? 0,
        montoReembolsado: cancelado?.montoAReembolsar ?? 0,
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}

describe('/admin/grupos', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('lists the open groups with product, store, places, participants, deadline and refund', async () => {
    mockGruposApi();
    renderApp('/admin/grupos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grupos de compra' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Grupos de compra · Compra Grupal'));
    const card = within(await screen.findByRole('article', { name: 'Aceite de oliva 1 l' }));
    expect(card.getByText('Almacén La Esquina')).toBeVisible();
    expect(card.getByText('4 / 10')).toBeVisible();
    expect(card.getByText('3')).toBeVisible();
    expect(card.getByText(/25\.600,50/)).toBeVisible();
    expect(card.getByText(/20 de nov de 2026/)).toBeVisible();
    const otra = within(screen.getByRole('article', { name: 'Miel pura 500 g' }));
    expect(otra.getByText('Sin plazo')).toBeVisible();
  });

  it("states the refund before cancelling, then answers with the server's message", async () => {
    const { calls } = mockGruposApi();
    const { user } = renderApp('/admin/grupos');
    const card = await screen.findByRole('article', { name: 'Aceite de oliva 1 l' });
    await user.click(within(card).getByRole('button', { name: 'Cancelar grupo' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Cancelar este grupo?' });
    expect(dialogo).toHaveTextContent(
      'Se reembolsarán $ 25.600,50 a 3 participantes. Esta acción no se puede deshacer.',
    );
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, cancelar grupo' }));
    await expectToast('Grupo cancelado: se reembolsarán 3 participaciones');
    expect(calls.some((c) => c.url === `/api/admin/grupos/${GRUPO_1}/cancelar`)).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Aceite de oliva 1 l' })).toBeNull(),
    );
    expect(screen.getByRole('article', { name: 'Miel pura 500 g' })).toBeVisible();
  });

  it('says a single participant in the singular', async () => {
    mockGruposApi();
    const { user } = renderApp('/admin/grupos');
    const card = await screen.findByRole('article', { name: 'Miel pura 500 g' });
    await user.click(within(card).getByRole('button', { name: 'Cancelar grupo' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Se reembolsarán $ 4.200,00 a 1 participante.',
    );
  });

  it("shows the server's reason when the group can no longer be cancelled (409)", async () => {
    mockGruposApi({ cancelar: 409 });
    const { user } = renderApp('/admin/grupos');
    const card = await screen.findByRole('article', { name: 'Aceite de oliva 1 l' });
    await user.click(within(card).getByRole('button', { name: 'Cancelar grupo' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, cancelar grupo' }),
    );
    await expectToast('No se pudo cancelar el grupo', ERROR_MESSAGES.GRUPO_NO_CANCELABLE);
  });

  it('says when there are no open groups', async () => {
    mockGruposApi({ grupos: [] });
    renderApp('/admin/grupos');
    expect(await screen.findByText('No hay grupos abiertos')).toBeVisible();
  });

  it('is restricted to admins', async () => {
    const { calls } = mockGruposApi({ esAdmin: false });
    renderApp('/admin/grupos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' }),
    ).toBeVisible();
    expect(calls.some((c) => c.url.startsWith('/api/admin/grupos'))).toBe(false);
  });
});
