import type { Page } from '@playwright/test';
import { expectSinViolaciones } from './axe';
import { expect, test } from './fixtures';
import { emailUnico, logIn, toast } from './helpers';

/*
 * The account's links by email (issue 25, docs/decisions/040), read where a person reads them
 * in development and demo: the embedded mailbox at /dev/correos, which lists every message to a
 * browser on this machine (one row per message, with its address and its subject as a link)
 * and shows the chosen one inside an iframe.
 */

/**
 * Opens, in the mailbox, the message with this subject sent to this address. The sending job
 * runs about once a second, so the list is loaded again until the message is there.
 */
async function abrirCorreo(page: Page, para: string, asunto: string) {
  const mensaje = page
    .getByRole('row')
    .filter({ hasText: para })
    .getByRole('link', { name: asunto })
    .first();
  await expect(async () => {
    await page.goto('/dev/correos');
    await expect(mensaje).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await mensaje.click();
  return page.frameLocator('iframe');
}

/**
 * Follows a button of the shown mail. Mail links open a new tab (target="_blank"); going to
 * the same address in this tab is what that click does, and keeps the journey in one page.
 */
async function seguirEnlace(page: Page, correo: ReturnType<Page['frameLocator']>, texto: string) {
  const enlace = correo.getByRole('link', { name: texto });
  await expect(enlace).toBeVisible();
  const href = await enlace.getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href ?? '');
}

test.describe('verified emails and password recovery', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new account confirms its email from the verification mail', async ({ page }) => {
    const email = emailUnico('verificar');
    await page.goto('/register');
    await page.getByLabel('Nombre completo').fill('Vera Verificada');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Teléfono').fill('+54 11 5555-1234');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreta123');
    await page.getByLabel('Confirmar contraseña').fill('secreta123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toast(page, '¡Cuenta creada!')).toBeVisible();

    // Signed in and unverified: the banner asks to confirm, on every screen.
    await logIn(page, { email, contrasenia: 'secreta123' });
    const aviso = page.getByRole('region', { name: 'Confirmá tu correo' });
    await expect(aviso).toContainText(`Confirmá tu correo: te enviamos un enlace a ${email}.`);

    const correo = await abrirCorreo(page, email, 'Confirmá tu correo en Compra Grupal');
    await seguirEnlace(page, correo, 'Confirmar mi correo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Tu correo fue verificado' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /menú de usuario$/i })).toBeVisible();
    await expect(aviso).toHaveCount(0);
  });

  test('a forgotten password is reset from the recovery mail and the new one signs in', async ({
    page,
    comprador,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(comprador.email);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(comprador.email);
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(
      page.getByText(
        'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.',
      ),
    ).toBeVisible();

    const correo = await abrirCorreo(
      page,
      comprador.email,
      'Restablecé tu contraseña de Compra Grupal',
    );
    await seguirEnlace(page, correo, 'Elegir una contraseña nueva');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Elegí una contraseña nueva' }),
    ).toBeVisible();
    const nueva = 'otra-clave-segura-7';
    await page.getByLabel('Contraseña nueva').fill(nueva);
    await page.getByLabel('Confirmar contraseña').fill(nueva);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(toast(page, 'Contraseña cambiada')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, { email: comprador.email, contrasenia: nueva });
  });
});

test.describe('the account screens at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });

  test('pass axe, and the banner of an unverified account stays compact', async ({
    page,
    comprador,
  }) => {
    await page.goto('/recuperar-contrasenia');
    await expect(
      page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }),
    ).toBeVisible();
    await expectSinViolaciones(page);

    await page.goto('/restablecer-contrasenia?token=de-prueba');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Elegí una contraseña nueva' }),
    ).toBeVisible();
    await expectSinViolaciones(page);

    await page.goto('/verificar-email?token=de-prueba');
    await expect(page.getByRole('alert')).toContainText(
      'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.',
    );
    await expectSinViolaciones(page);

    // The fixture's shopper registered through the API and never confirmed the address.
    await logIn(page, comprador);
    const aviso = page.getByRole('region', { name: 'Confirmá tu correo' });
    await expect(aviso.getByRole('button', { name: 'Reenviar' })).toBeVisible();
    const caja = await aviso.boundingBox();
    expect(caja?.width).toBeLessThanOrEqual(375);
    // At most about three lines of text beside its buttons.
    expect(caja?.height).toBeLessThan(100);
    await expectSinViolaciones(page);
    await aviso.getByRole('button', { name: 'Reenviar' }).click();
    await expect(toast(page, 'Enlace enviado')).toBeVisible();
  });
});
