import { registrarResponseSchema } from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractJson } from '@/test/contract';
import { json, mockFetch, mockUsuarioApi } from '@/test/fetch';
import { crearGrupoConProducto, GRUPO_ID } from '@/test/grupo-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';

const GROUP_PATH = `/group/${GRUPO_ID}`;

/** The group page's own answer, in front of each test's fake of the user calls. */
function withGroupPage() {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/api/grupoDeCompra/')
      ? Promise.resolve(
          String(input).includes('/usuarioEnGrupo/')
            ? json({ estaEnGrupo: false })
            : json(crearGrupoConProducto()),
        )
      : inner(input, init),
  );
}

async function openDialog() {
  withGroupPage();
  const view = renderApp(GROUP_PATH);
  await view.user.click(await screen.findByRole('button', { name: 'Unirse al Grupo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión para continuar' });
  return { ...view, dialog };
}

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label, { selector: 'input' });
}

const registro = {
  'Nombre completo': 'Ana Pérez',
  Email: 'ana@example.com',
  Teléfono: '1155551234',
  Contraseña: 'secreta1',
  'Confirmar contraseña': 'secreta1',
  Calle: 'Av. Corrientes',
  Altura: '1234',
  'Piso/Depto': '4° B',
  Localidad: 'Buenos Aires',
  Provincia: 'CABA',
  'Código postal': 'C1043',
};

describe('login dialog', () => {
  it("opens from 'Unirse al Grupo' while logged out, as a modal on wide screens", async () => {
    mockFetch(() => json({}));
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription('Únete al grupo de compra');
    expect(dialog).toHaveAttribute('data-slot', 'dialog-content');
    expect(
      await within(dialog).findByRole('link', { name: 'Continuar con Google' }),
    ).toHaveAttribute('href', '/api/usuario/auth/google');
    expect(within(dialog).getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  });

  it('is a bottom drawer below 768 px', async () => {
    setViewport(MOBILE_WIDTH);
    mockFetch(() => json({}));
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('data-vaul-drawer');
  });

  it('saves the page to come back to before leaving for Google', async () => {
    mockFetch(() => json({}));
    const { dialog, user } = await openDialog();
    const stopNavigation = (event: Event) => event.preventDefault();
    document.addEventListener('click', stopNavigation, { capture: true });
    await user.click(await within(dialog).findByRole('link', { name: 'Continuar con Google' }));
    document.removeEventListener('click', stopNavigation, { capture: true });
    expect(localStorage.getItem('redirectAfterAuth')).toBe(GROUP_PATH);
  });

  it('logs in and stays on the page', async () => {
    const token = makeToken();
    mockUsuarioApi({ accessToken: token });
    const { dialog, user, router } = await openDialog();
    await user.type(field(dialog, 'Email'), 'ana@example.com');
    await user.type(field(dialog, 'Contraseña'), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar Sesión' }));

    await expectToast('¡Bienvenido!');
    expect(localStorage.getItem('accessToken')).toBe(token);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(GROUP_PATH);
  });

  it('registers with phone and address (country Argentina) and returns to login', async () => {
    const { calls } = mockFetch(() =>
      contractJson(
        registrarResponseSchema,
        {
          mensaje: 'Usuario registrado',
          usuario: {
            _id: '65a1f0c2e4b0a1b2c3d4e5f6',
            nombre: 'Ana Pérez',
            email: 'ana@example.com',
          },
        },
        201,
      ),
    );
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Registrarse' }));
    expect(field(dialog, 'País')).toHaveValue('Argentina');
    for (const [label, value] of Object.entries(registro)) {
      await user.type(field(dialog, label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));

    await expectToast('¡Cuenta creada!');
    await waitFor(() =>
      expect(within(dialog).getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(field(dialog, 'Email')).toHaveValue('ana@example.com');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      nombre: 'Ana Pérez',
      email: 'ana@example.com',
      contrasenia: 'secreta1',
      telefono: '1155551234',
      direcciones: [
        {
          street: 'Av. Corrientes',
          number: '1234',
          apartment: '4° B',
          city: 'Buenos Aires',
          state: 'CABA',
          zipCode: 'C1043',
          country: 'Argentina',
        },
      ],
      direccionActivaIndex: 0,
    });
  });

  it("requires the address: 'Campos requeridos'", async () => {
    const { calls } = mockFetch(() => json({}));
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Registrarse' }));
    for (const [label, value] of Object.entries(registro)) {
      if (label !== 'Provincia') await user.type(field(dialog, label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));
    await expectToast('Campos requeridos', 'Por favor completa todos los campos');
    expect(field(dialog, 'Provincia')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('La provincia es obligatoria')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it.each([
    [
      'the server message',
      json(
        {
          error: 'Ya existe una cuenta con ese email',
          mensaje: 'Ya existe una cuenta con ese email',
        },
        409,
      ),
      'Ya existe una cuenta con ese email',
    ],
    [
      "'Ha ocurrido un error inesperado'",
      new Response('', { status: 500, statusText: 'Internal Server Error' }),
      'Ha ocurrido un error inesperado',
    ],
  ])("says 'Error al crear cuenta' with %s when registering fails", async (_case, answer, text) => {
    mockFetch(() => answer);
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Registrarse' }));
    for (const [label, value] of Object.entries(registro)) {
      await user.type(field(dialog, label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));
    const item = await expectToast('Error al crear cuenta', text);
    expect(item).toHaveAttribute('data-type', 'error');
  });

  it('does not open for a logged-in user: joining goes on to the cart', async () => {
    localStorage.setItem('accessToken', makeToken());
    mockFetch(() => json({}));
    withGroupPage();
    const { user } = renderApp(GROUP_PATH);
    await user.click(await screen.findByRole('button', { name: 'Unirse al Grupo' }));
    await expectToast('Producto agregado');
    expect(screen.queryByRole('dialog', { name: 'Inicia sesión para continuar' })).toBeNull();
  });
});
