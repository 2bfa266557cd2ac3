import type { Page } from '@playwright/test';
import { type Credenciales, expect } from './fixtures';

export {
  admin,
  type Credenciales,
  emailUnico,
  nuevoComprador,
  repartidor,
  type Sesion,
  sesionPorApi,
} from './fixtures';

/**
 * The toast (there is one at a time) holding this text. One being dismissed stays in the page
 * while it fades out (`data-removed`): it is not counted, or a second identical toast would be
 * two.
 */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
}

/** Fills the login form of /login and sends it; the caller checks where it lands. */
export async function submitLogin(page: Page, user: Credenciales) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.contrasenia);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** Logs in from /login and lands on /. */
export async function logIn(page: Page, user: Credenciales) {
  await page.goto('/login');
  // The password check is slow on purpose (argon2): wait for the answer, then for its toast.
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/usuario/login') && response.ok(),
    { timeout: 30_000 },
  );
  await submitLogin(page, user);
  await answered;
  // Signed in and home. The '¡Bienvenido!' toast is checked where it is the subject
  // (accounts, toasts): on a loaded machine it can come and go before a setup step looks.
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Menú de usuario' }),
  ).toBeVisible();
}

/**
 * Checkout step 4: the package is the cart's, computed from the packages the sellers declared,
 * and read-only (shipping is priced from those, never from sizes a shopper types).
 */
export async function revisarPaquete(page: Page) {
  await expect(
    page.getByText('El envío se calcula con el embalaje que declara cada vendedor.'),
  ).toBeVisible();
  for (const campo of [/Peso/, /Largo/, /Ancho/, /Alto/]) {
    const caja = page.getByLabel(campo);
    await expect(caja).toHaveAttribute('readonly', '');
    await expect(caja).not.toHaveValue('');
  }
}

/** A window size, as Playwright's viewport takes it. */
export interface Tamanio {
  width: number;
  height: number;
}

/**
 * Resizes the page and waits until its layout has settled there: the window has the new width,
 * two frames in a row draw the same document (dialogs turn into drawers and back at 768 px), and
 * no finite animation or transition is running.
 */
export async function cambiarTamanio(page: Page, tamanio: Tamanio) {
  await page.setViewportSize(tamanio);
  await expect
    .poll(
      () =>
        // Frame by frame in the page, for a second at most at a time.
        page.evaluate(async (ancho) => {
          const cuadro = () => new Promise((listo) => requestAnimationFrame(listo));
          const hasta = performance.now() + 1000;
          let antes = document.body.innerHTML;
          while (performance.now() < hasta) {
            await cuadro();
            const ahora = document.body.innerHTML;
            const animando = document
              .getAnimations()
              .some(
                (animacion) =>
                  animacion.playState === 'running' &&
                  animacion.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
              );
            if (window.innerWidth === ancho && !animando && ahora === antes) return true;
            antes = ahora;
          }
          return false;
        }, tamanio.width),
      { message: `the page settles at ${tamanio.width} × ${tamanio.height} px` },
    )
    .toBe(true);
}
