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

/** The toast (there is one at a time) holding this text. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
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
  await expect(toast(page, '¡Bienvenido!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Checkout step 4: the package's weight (kg) and sides (cm). */
export async function completarPaquete(
  page: Page,
  { peso = '1.5', largo = '30', ancho = '20', alto = '10' } = {},
) {
  await page.getByLabel(/Peso/).fill(peso);
  await page.getByLabel(/Largo/).fill(largo);
  await page.getByLabel(/Ancho/).fill(ancho);
  await page.getByLabel(/Alto/).fill(alto);
}
