import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Demo users seeded by the e2e server. */
export const comprador = { email: 'comprador@compragrupal.com.ar', contrasenia: 'demo1234' };
export const repartidor = { email: 'repartidor@compragrupal.com.ar', contrasenia: 'demo1234' };

export interface Credenciales {
  email: string;
  contrasenia: string;
}

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
  await submitLogin(page, user);
  await expect(toast(page, '¡Bienvenido!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}
