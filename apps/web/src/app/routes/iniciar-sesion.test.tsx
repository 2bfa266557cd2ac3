import { registrarResponseSchema } from '@compra-grupal/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { metodosDeIngresoQueryOptions } from '@/features/usuario/api/get-metodos-de-ingreso';
import { contractJson } from '@/test/contract';
import { json, mockFetch, mockUsuarioApi } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken } from '@/test/tokens';

/** Fails the test on any API call: validation must stop the form first. */
function noApiCalls() {
  return mockFetch(({ url }) => {
    throw new Error(`unexpected call to ${url}`);
  });
}

function fieldByLabel(label: string) {
  return screen.getByLabelText(label, { selector: 'input' });
}

describe('login screen', () => {
  it('shows the login form on /login with Google, email and password', async () => {
    noApiCalls();
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('link', { name: 'Continuar con Google' })).toHaveAttribute(
      'href',
      '/api/usuario/auth/google',
    );
    expect(fieldByLabel('Email')).toHaveAttribute('type', 'email');
    expect(fieldByLabel('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    expect(screen.queryByLabelText('Confirmar contraseña')).toBeNull();
  });

  it('shows and hides the password', async () => {
    noApiCalls();
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Contraseña', { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("requires email and password: 'Campos requeridos'", async () => {
    const { calls } = noApiCalls();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Iniciar Sesión' }));
    await expectToast('Campos requeridos', 'Por favor completa todos los campos');
    expect(fieldByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fieldByLabel('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(fieldByLabel('Email')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(calls).toHaveLength(0);
  });

  it("rejects a malformed email: 'Email inválido'", async () => {
    noApiCalls();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), 'ana@');
    await user.type(fieldByLabel('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await expectToast('Email inválido', 'Por favor ingresa un email válido');
    expect(fieldByLabel('Email')).toHaveAccessibleDescription('Por favor ingresa un email válido');
  });

  it("logs in: stores the token, announces it, says '¡Bienvenido!' and goes to /", async () => {
    const token = makeToken();
    const { calls } = mockUsuarioApi({ accessToken: token });
    const onAuthChange = vi.fn();
    window.addEventListener('authChange', onAuthChange);
    const { user, router } = renderApp('/login');

    await user.type(
      await screen.findByLabelText('Email', { selector: 'input' }),
      ' ana@example.com ',
    );
    await user.type(fieldByLabel('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));

    await expectToast('¡Bienvenido!');
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(onAuthChange).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const login = calls.find((call) => call.url === '/api/usuario/login');
    expect(login?.method).toBe('POST');
    expect(login?.credentials).toBe('include');
    expect(JSON.parse(String(login?.body))).toEqual({
      email: 'ana@example.com',
      contrasenia: 'demo1234',
    });
    window.removeEventListener('authChange', onAuthChange);
  });

  it('goes to the saved redirectAfterAuth target after login, then forgets it', async () => {
    localStorage.setItem('redirectAfterAuth', '/group/65a1f0c2e4b0a1b2c3d4e5f6');
    mockUsuarioApi({ accessToken: makeToken() });
    const { user, router } = renderApp('/login');
    await user.type(
      await screen.findByLabelText('Email', { selector: 'input' }),
      'ana@example.com',
    );
    await user.type(fieldByLabel('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/group/65a1f0c2e4b0a1b2c3d4e5f6'),
    );
    expect(localStorage.getItem('redirectAfterAuth')).toBeNull();
  });

  it("shows the server's message when the login fails", async () => {
    mockFetch(() =>
      json(
        {
          error: 'Email o contraseña incorrectos',
          mensaje: 'Email o contraseña incorrectos',
          code: 'CREDENCIALES_INVALIDAS',
        },
        401,
      ),
    );
    const { user } = renderApp('/login');
    await user.type(
      await screen.findByLabelText('Email', { selector: 'input' }),
      'ana@example.com',
    );
    await user.type(fieldByLabel('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await expectToast('Error al iniciar sesión', 'Email o contraseña incorrectos');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("says 'Error al iniciar sesión' when the server gives no message", async () => {
    mockFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const { user } = renderApp('/login');
    await user.type(
      await screen.findByLabelText('Email', { selector: 'input' }),
      'ana@example.com',
    );
    await user.type(fieldByLabel('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const item = await expectToast('Error al iniciar sesión');
    expect(item).toHaveAttribute('data-type', 'error');
  });

  it("shows 'Ingresando…' and blocks a second submit while logging in", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = renderApp('/login');
    await user.type(
      await screen.findByLabelText('Email', { selector: 'input' }),
      'ana@example.com',
    );
    await user.type(fieldByLabel('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));

    const busy = await screen.findByRole('button', { name: 'Ingresando…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(calls).toHaveLength(1);
    await act(async () => answer(json({ error: 'x', mensaje: 'x' }, 401)));
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
  });

  it("shows 'No se pudo iniciar sesión con Google.' once for ?error=google and drops it", async () => {
    noApiCalls();
    const { router } = renderApp('/login?error=google');
    const item = await expectToast('Error', 'No se pudo iniciar sesión con Google.');
    expect(item).toHaveAttribute('data-type', 'error');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getAllByText('No se pudo iniciar sesión con Google.')).toHaveLength(1);
  });
});

describe('login screen after Google found a password account', () => {
  it('asks for the password to link Google, and drops the parameter', async () => {
    noApiCalls();
    const { router } = renderApp('/login?error=google-vincular');
    expect(
      await screen.findByText(
        'Ya tienes una cuenta con ese email. Ingresa con tu contraseña para vincular Google.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Still there once the parameter is gone, and not the generic Google failure.
    expect(
      screen.getByText(
        'Ya tienes una cuenta con ese email. Ingresa con tu contraseña para vincular Google.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('No se pudo iniciar sesión con Google.')).toBeNull();
    expect(fieldByLabel('Contraseña')).toHaveAttribute('type', 'password');
  });
});

describe('register screen', () => {
  async function fillRegister(
    user: ReturnType<typeof renderApp>['user'],
    values: Partial<Record<string, string>>,
  ) {
    for (const [label, value] of Object.entries(values)) {
      if (value) await user.type(fieldByLabel(label), value);
    }
  }

  const valid = {
    'Nombre completo': 'Ana Pérez',
    Email: 'ana@example.com',
    Teléfono: '+54 11 5555-1234',
    Contraseña: 'secreta1',
    'Confirmar contraseña': 'secreta1',
  };

  it('opens in register mode on /register with the register fields', async () => {
    noApiCalls();
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const label of Object.keys(valid)) expect(fieldByLabel(label)).toBeInTheDocument();
    expect(screen.queryByLabelText('Calle')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Continuar con Google' })).toBeInTheDocument();
  });

  it("offers no 'Continuar con Google' when the server cannot sign in with Google", async () => {
    const { calls } = mockFetch(
      ({ url }) => {
        throw new Error(`unexpected call to ${url}`);
      },
      { google: false },
    );
    const { queryClient } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    // The server has answered: Google is off.
    await waitFor(() =>
      expect(queryClient.getQueryData(metodosDeIngresoQueryOptions.queryKey)).toEqual({
        google: false,
      }),
    );
    expect(screen.queryByRole('link', { name: 'Continuar con Google' })).toBeNull();
    expect(screen.queryByText('o ingresa con tu email')).toBeNull();
    expect(fieldByLabel('Email')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('switches between the forms', async () => {
    noApiCalls();
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'Registrarse' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/register');
    await user.click(screen.getByRole('tab', { name: 'Iniciar Sesión' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    [
      'a missing field',
      { ...valid, Teléfono: '' },
      'Campos requeridos',
      'Por favor completa todos los campos',
    ],
    [
      'different passwords',
      { ...valid, 'Confirmar contraseña': 'secreta2' },
      'Contraseñas no coinciden',
      'Las contraseñas deben ser iguales',
    ],
    [
      'a short password',
      { ...valid, Contraseña: 'abc12', 'Confirmar contraseña': 'abc12' },
      'Contraseña muy corta',
      'La contraseña debe tener al menos 6 caracteres',
    ],
    [
      'a malformed email',
      { ...valid, Email: 'ana.example.com' },
      'Email inválido',
      'Por favor ingresa un email válido',
    ],
  ])('rejects %s with the toast "%s"', async (_case, values, title, description) => {
    const { calls } = noApiCalls();
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    await fillRegister(user, values);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await expectToast(title, description);
    expect(calls).toHaveLength(0);
  });

  it('shows the mismatch beside the confirmation', async () => {
    noApiCalls();
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    await fillRegister(user, { ...valid, 'Confirmar contraseña': 'otra-cosa' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() =>
      expect(fieldByLabel('Confirmar contraseña')).toHaveAccessibleDescription(
        'Las contraseñas deben ser iguales',
      ),
    );
  });

  it("creates the account without the confirmation, says '¡Cuenta creada!' and returns to login with the email", async () => {
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
    const { user, router } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    await fillRegister(user, valid);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    await expectToast('¡Cuenta creada!');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(fieldByLabel('Email')).toHaveValue('ana@example.com');
    expect(fieldByLabel('Contraseña')).toHaveValue('');

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/usuario/registrar');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      nombre: 'Ana Pérez',
      email: 'ana@example.com',
      contrasenia: 'secreta1',
      telefono: '+54 11 5555-1234',
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("shows the server's mensaje when registering fails", async () => {
    mockFetch(() =>
      json(
        {
          error: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
          mensaje: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
          code: 'DEMASIADAS_SOLICITUDES',
        },
        429,
      ),
    );
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    await fillRegister(user, valid);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await expectToast(
      'Error al registrar usuario',
      'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  });

  it("shows 'Creando cuenta…' while the account is created", async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    await fillRegister(user, valid);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('button', { name: 'Creando cuenta…' })).toBeDisabled();
  });
});
