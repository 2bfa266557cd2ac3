import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, mockUsuarioApi } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';

/*
 * The account's links (issue 25, docs/decisions/040): '¿Olvidaste tu contraseña?', the
 * recovery link's form, the verification link, and 'Confirmá tu correo' for a signed-in
 * account that did not confirm its address.
 */

const ENLACE_INVALIDO = 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.';
const RECUPERAR =
  'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';
const invalido = () =>
  json(
    { error: ENLACE_INVALIDO, mensaje: ENLACE_INVALIDO, code: 'ENLACE_DE_CUENTA_INVALIDO' },
    400,
  );

describe('¿Olvidaste tu contraseña?', () => {
  it('goes from the login form to a screen that asks the email and always says the same', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.endsWith('/api/usuario/recuperar-contrasenia')
        ? json({ mensaje: RECUPERAR }, 202)
        : json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'Ana@Example.com');
    await user.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/recuperar-contrasenia');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('Ana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));

    // Announced as a status (the shell's own 'sin conexión' status may show too on a slow machine).
    const aviso = await screen.findByText(RECUPERAR);
    expect(aviso.closest('[role="status"]')).not.toBeNull();
    const pedido = calls.find((c) => c.url.endsWith('/api/usuario/recuperar-contrasenia'));
    expect(pedido?.method).toBe('POST');
    expect(JSON.parse(String(pedido?.body))).toEqual({ email: 'Ana@Example.com' });
  });

  it('checks the email before sending', async () => {
    const { calls } = mockFetch(() => json({ mensaje: RECUPERAR }, 202));
    const { user } = renderApp('/recuperar-contrasenia');
    await user.type(await screen.findByLabelText('Email'), 'no-es-un-correo');
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await screen.findByText('Por favor ingresa un email válido')).toBeVisible();
    expect(calls).toEqual([]);
  });
});

describe('/restablecer-contrasenia', () => {
  it('applies the password rules, sends the token and the new password, then goes to /login', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.endsWith('/api/usuario/restablecer-contrasenia')
        ? json({ mensaje: 'Tu contraseña cambió. Ingresá con la contraseña nueva.' })
        : json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404),
    );
    const { user, router } = renderApp('/restablecer-contrasenia?token=abc_DEF-123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Elegí una contraseña nueva' }),
    ).toBeVisible();
    const nueva = screen.getByLabelText('Contraseña nueva');
    const confirmar = screen.getByLabelText('Confirmar contraseña');
    await user.type(nueva, 'corta');
    await user.type(confirmar, 'corta');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

    await user.clear(nueva);
    await user.type(nueva, 'nueva-clave-9');
    await user.clear(confirmar);
    await user.type(confirmar, 'otra-clave-9');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Las contraseñas deben ser iguales')).toBeVisible();
    expect(calls).toEqual([]);

    await user.clear(confirmar);
    await user.type(confirmar, 'nueva-clave-9');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await expectToast('Contraseña cambiada', 'Ingresá con tu contraseña nueva.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      token: 'abc_DEF-123',
      contrasenia: 'nueva-clave-9',
    });
  });

  it('a link the server refuses says so and offers to ask for a new one', async () => {
    mockFetch(() => invalido());
    const { user, router } = renderApp('/restablecer-contrasenia?token=usado');
    await user.type(await screen.findByLabelText('Contraseña nueva'), 'nueva-clave-9');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'nueva-clave-9');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ENLACE_INVALIDO);
    await user.click(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recuperar-contrasenia'));
  });

  it('without a token it says the link is not valid', async () => {
    mockFetch(() => invalido());
    renderApp('/restablecer-contrasenia');
    expect(await screen.findByRole('alert')).toHaveTextContent(ENLACE_INVALIDO);
  });
});

describe('/verificar-email', () => {
  it('uses the link once and says the address was verified', async () => {
    const { calls } = mockFetch(() => json({ mensaje: 'Tu correo fue verificado' }));
    renderApp('/verificar-email?token=tok-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu correo fue verificado' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    const usos = calls.filter((c) => c.url.includes('/api/usuario/verificar-email'));
    expect(usos.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/usuario/verificar-email?token=tok-1'],
    ]);
  });

  it('a refused link shows the error and a way home', async () => {
    mockFetch(() => invalido());
    renderApp('/verificar-email?token=vencido');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(ENLACE_INVALIDO);
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toBeVisible();
  });
});

describe('Confirmá tu correo', () => {
  const banner = () => screen.findByRole('region', { name: 'Confirmá tu correo' });

  it('shows on every screen for an unverified account; Reenviar sends a new link', async () => {
    const { calls } = mockUsuarioApi({
      emailVerificado: false,
      otras: ({ url }) =>
        url.endsWith('/api/usuario/reenviar-verificacion')
          ? json({ mensaje: 'Te enviamos un enlace nuevo a tu correo.' }, 202)
          : undefined,
    });
    storeToken();
    const { user } = renderApp('/cart');
    const aviso = await banner();
    expect(aviso).toHaveTextContent('Confirmá tu correo: te enviamos un enlace a ana@example.com.');
    await user.click(within(aviso).getByRole('button', { name: 'Reenviar' }));
    await expectToast(
      'Enlace enviado',
      'Revisá tu correo: te enviamos un enlace nuevo a ana@example.com.',
    );
    expect(
      calls
        .filter((c) => c.url.endsWith('/api/usuario/reenviar-verificacion'))
        .map((c) => c.method),
    ).toEqual(['POST']);
  });

  it('says so when resending is limited, and can be closed for this page view', async () => {
    setViewport(MOBILE_WIDTH);
    mockUsuarioApi({
      emailVerificado: false,
      otras: ({ url }) =>
        url.endsWith('/api/usuario/reenviar-verificacion')
          ? json(
              {
                error: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
                mensaje: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
                code: 'DEMASIADAS_SOLICITUDES',
              },
              429,
            )
          : undefined,
    });
    storeToken();
    const { user } = renderApp('/');
    const aviso = await banner();
    await user.click(within(aviso).getByRole('button', { name: 'Reenviar' }));
    await expectToast(
      'Demasiados envíos',
      'Ya te enviamos varios enlaces. Esperá unos minutos y volvé a intentarlo.',
    );
    await user.click(within(aviso).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('region', { name: 'Confirmá tu correo' })).toBeNull();
  });

  it('does not show for a verified account', async () => {
    mockUsuarioApi({ emailVerificado: true });
    storeToken();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' }),
    ).toBeVisible();
    // The profile (which the banner reads too) has arrived: the menu shows the name.
    expect(await screen.findByRole('button', { name: 'Ana: menú de usuario' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Confirmá tu correo' })).toBeNull();
  });
});
