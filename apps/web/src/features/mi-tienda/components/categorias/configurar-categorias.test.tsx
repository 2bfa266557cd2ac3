import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { callsTo, categoriaLocalId, MI_TIENDA_ID, mockMiTiendaApi } from '@/test/mi-tienda-api';
import { createTestQueryClient } from '@/test/query-client';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';
import { ConfigurarCategoriasDialog } from './configurar-categorias';

async function abrir() {
  const vista = renderApp('/my-store');
  await vista.user.click(await screen.findByRole('button', { name: /^Configurar Categorías/ }));
  const dialogo = await screen.findByRole('dialog', { name: 'Configurar Categorías' });
  await within(dialogo).findByRole('list', { name: 'Categorías de tu tienda' });
  return { ...vista, dialogo };
}

function nombres(dialogo: HTMLElement) {
  const lista = within(dialogo).queryByRole('list', { name: 'Categorías de tu tienda' });
  if (!lista) return [];
  return within(lista)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.truncate')?.textContent ?? '');
}

describe('Configurar Categorías', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it("lists the store's categories in a dialog and its address says so", async () => {
    mockMiTiendaApi();
    const { dialogo, router } = await abrir();
    expect(nombres(dialogo)).toEqual(['Frutas', 'Verduras']);
    expect(router.state.location.search).toBe('?seccion=categorias');
    expect(within(dialogo).getByRole('button', { name: 'Guardar categorías' })).toBeEnabled();
  });

  it('is a bottom sheet below 768 px', async () => {
    setViewport(MOBILE_WIDTH);
    mockMiTiendaApi();
    const { dialogo } = await abrir();
    expect(dialogo).toHaveAttribute('data-vaul-drawer-direction', 'bottom');
  });

  it('adds a category, trimmed, and refuses an empty or repeated name (regardless of case)', async () => {
    mockMiTiendaApi();
    const { dialogo, user } = await abrir();
    const nueva = within(dialogo).getByLabelText('Nueva categoría');
    const agregar = within(dialogo).getByRole('button', { name: 'Agregar' });

    await user.click(agregar);
    expect(
      within(dialogo).getByText('Por favor ingresa un nombre para la categoría'),
    ).toBeVisible();
    expect(nueva).toHaveAttribute('aria-invalid', 'true');

    await user.type(nueva, '   ');
    await user.click(agregar);
    expect(
      within(dialogo).getByText('Por favor ingresa un nombre para la categoría'),
    ).toBeVisible();

    await user.clear(nueva);
    await user.type(nueva, '  FRUTAS ');
    await user.click(agregar);
    expect(within(dialogo).getByText('Ya existe una categoría con ese nombre')).toBeVisible();
    expect(nombres(dialogo)).toEqual(['Frutas', 'Verduras']);

    await user.clear(nueva);
    await user.type(nueva, '  Hierbas aromáticas {Enter}');
    expect(nombres(dialogo)).toEqual(['Frutas', 'Verduras', 'Hierbas aromáticas']);
    expect(nueva).toHaveValue('');
    expect(nueva).toHaveFocus();
    expect(within(dialogo).queryByText('Ya existe una categoría con ese nombre')).toBeNull();
  });

  it('keeps the focus on the name that was refused, and typing clears the message', async () => {
    mockMiTiendaApi();
    const { dialogo, user } = await abrir();
    const nueva = within(dialogo).getByLabelText('Nueva categoría');
    await user.click(within(dialogo).getByRole('button', { name: 'Agregar' }));
    expect(nueva).toHaveFocus();
    expect(nueva).toHaveAccessibleDescription('Por favor ingresa un nombre para la categoría');
    await user.keyboard('O');
    expect(within(dialogo).queryByText('Por favor ingresa un nombre para la categoría')).toBeNull();
    expect(nueva).not.toHaveAttribute('aria-invalid');
  });

  it('saving applies a rename still being typed, and sends nothing while it cannot be used', async () => {
    const { calls } = mockMiTiendaApi();
    const { dialogo, user } = await abrir();
    await user.click(within(dialogo).getByRole('button', { name: 'Renombrar Verduras' }));
    const campo = within(dialogo).getByRole('textbox', { name: 'Nuevo nombre para Verduras' });
    await user.clear(campo);
    await user.type(campo, 'FRUTAS');
    const guardar = within(dialogo).getByRole('button', { name: 'Guardar categorías' });
    await user.click(guardar);
    expect(
      await within(dialogo).findByText('Ya existe una categoría con ese nombre'),
    ).toBeVisible();
    expect(callsTo(calls, '/api/tienda/editar-categorias/')).toHaveLength(0);

    await user.clear(campo);
    await user.type(campo, ' Hortalizas ');
    await user.click(guardar);
    await expectToast('Categorías actualizadas correctamente');
    const [put] = callsTo(calls, '/api/tienda/editar-categorias/');
    expect(JSON.parse(String(put?.body))).toEqual({
      categoriasLocales: [
        { _id: categoriaLocalId(1), nombre: 'Frutas' },
        { _id: categoriaLocalId(2), nombre: 'Hortalizas' },
      ],
    });
  });

  it('renames a category inline, with the same checks', async () => {
    mockMiTiendaApi();
    const { dialogo, user } = await abrir();
    await user.click(within(dialogo).getByRole('button', { name: 'Renombrar Verduras' }));
    const campo = within(dialogo).getByRole('textbox', { name: 'Nuevo nombre para Verduras' });
    expect(campo).toHaveFocus();

    await user.clear(campo);
    await user.type(campo, 'frutas{Enter}');
    expect(within(dialogo).getByText('Ya existe una categoría con ese nombre')).toBeVisible();

    await user.clear(campo);
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar nombre' }));
    expect(
      within(dialogo).getByText('Por favor ingresa un nombre para la categoría'),
    ).toBeVisible();

    await user.type(campo, 'Hortalizas{Enter}');
    expect(nombres(dialogo)).toEqual(['Frutas', 'Hortalizas']);

    // Keeping its own name (another case) is fine; cancelling keeps the name.
    await user.click(within(dialogo).getByRole('button', { name: 'Renombrar Frutas' }));
    await user.type(
      within(dialogo).getByRole('textbox', { name: 'Nuevo nombre para Frutas' }),
      'x',
    );
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cambio de nombre' }));
    expect(nombres(dialogo)).toEqual(['Frutas', 'Hortalizas']);
  });

  it('removes categories; with none left, saving is disabled', async () => {
    const { calls } = mockMiTiendaApi();
    const { dialogo, user } = await abrir();
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar Frutas' }));
    expect(nombres(dialogo)).toEqual(['Verduras']);
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar Verduras' }));
    expect(nombres(dialogo)).toEqual([]);
    expect(within(dialogo).getByText('Todavía no tienes categorías')).toBeVisible();
    const guardar = within(dialogo).getByRole('button', { name: 'Guardar categorías' });
    expect(guardar).toBeDisabled();
    await user.click(guardar);
    expect(callsTo(calls, '/api/tienda/editar-categorias/')).toHaveLength(0);
  });

  it("saves the whole list (kept ones with their id, new ones without) and says 'Categorías actualizadas correctamente'", async () => {
    const { calls } = mockMiTiendaApi();
    const { dialogo, user, router } = await abrir();
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar Frutas' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Renombrar Verduras' }));
    await user.type(
      within(dialogo).getByRole('textbox', { name: 'Nuevo nombre para Verduras' }),
      ' de hoja{Enter}',
    );
    await user.type(within(dialogo).getByLabelText('Nueva categoría'), 'Ofertas{Enter}');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar categorías' }));

    await expectToast('Categorías actualizadas correctamente');
    const [put] = callsTo(calls, '/api/tienda/editar-categorias/');
    expect(put?.url).toBe(`/api/tienda/editar-categorias/${MI_TIENDA_ID}`);
    expect(put?.method).toBe('PUT');
    expect(JSON.parse(String(put?.body))).toEqual({
      categoriasLocales: [
        { _id: categoriaLocalId(2), nombre: 'Verduras de hoja' },
        { nombre: 'Ofertas' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it("says 'No se pudieron guardar las categorías' with the server's reason, and keeps the dialog", async () => {
    mockMiTiendaApi({
      guardarCategorias: { status: 400, mensaje: 'Ya existe una categoría con ese nombre' },
    });
    const { dialogo, user } = await abrir();
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar categorías' }));
    const aviso = await expectToast(
      'No se pudieron guardar las categorías',
      'Ya existe una categoría con ese nombre',
    );
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('dialog', { name: 'Configurar Categorías' })).toBeVisible();
  });

  it("says 'No se pudieron cargar las categorías' and offers to try again", async () => {
    const { estado } = mockMiTiendaApi({ categorias: 'error-servidor' });
    const { user } = renderApp('/my-store?seccion=categorias');
    const dialogo = await screen.findByRole('dialog', { name: 'Configurar Categorías' });
    await expectToast('Error', 'No se pudieron cargar las categorías');
    expect(within(dialogo).getByRole('alert')).toHaveTextContent(
      'No se pudieron cargar las categorías',
    );
    estado.categorias = [{ _id: categoriaLocalId(1), nombre: 'Frutas' }];
    await user.click(within(dialogo).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialogo).findByText('Frutas')).toBeVisible();
  });

  it("says 'No se encontró la tienda asociada al usuario' when the user has no store", async () => {
    mockMiTiendaApi({ categorias: 'sin-tienda' });
    renderApp('/my-store?seccion=categorias');
    const dialogo = await screen.findByRole('dialog', { name: 'Configurar Categorías' });
    await expectToast('Error', 'No se encontró la tienda asociada al usuario');
    expect(within(dialogo).getByRole('alert')).toHaveTextContent(
      'No se encontró la tienda asociada al usuario',
    );
    expect(within(dialogo).queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});

describe('Configurar Categorías without a usable session', () => {
  function abrirSinRuta() {
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <MemoryRouter>
          <ConfigurarCategoriasDialog open onOpenChange={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    return screen.findByRole('dialog', { name: 'Configurar Categorías' });
  }

  it("says 'No se encontró el token de acceso' without a token", async () => {
    const { calls } = mockMiTiendaApi();
    const dialogo = await abrirSinRuta();
    expect(within(dialogo).getByRole('alert')).toHaveTextContent(
      'No se encontró el token de acceso',
    );
    await expectToast('Error', 'No se encontró el token de acceso');
    expect(calls).toHaveLength(0);
  });

  it("says 'No se encontró el ID del usuario' when the token names no user", async () => {
    storeToken(makeToken({ userId: null }));
    mockMiTiendaApi();
    const dialogo = await abrirSinRuta();
    expect(within(dialogo).getByRole('alert')).toHaveTextContent(
      'No se encontró el ID del usuario',
    );
    await expectToast('Error', 'No se encontró el ID del usuario');
  });
});
