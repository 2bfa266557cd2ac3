import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Demo users seeded by the e2e server. Journeys only read them (or use them where the demo
 * account itself is the point); a journey that logs in as a shopper registers its own with
 * `nuevoComprador`, so what other journeys create never shows up in its assertions.
 */
export const comprador = { email: 'comprador@compragrupal.com.ar', contrasenia: 'demo1234' };
export const repartidor = { email: 'repartidor@compragrupal.com.ar', contrasenia: 'demo1234' };

export interface Credenciales {
  email: string;
  contrasenia: string;
}

/** An email no other journey (or earlier run) uses. */
export function emailUnico(prefijo = 'e2e') {
  return `${prefijo}.${randomUUID()}@example.com`;
}

/** Registers a fresh shopper through the API and returns its credentials. */
export async function nuevoComprador(request: APIRequestContext): Promise<Credenciales> {
  const credenciales = { email: emailUnico('comprador'), contrasenia: 'secreta123' };
  const res = await request.post('/api/usuario/registrar', {
    data: { nombre: 'Comprador de Prueba', telefono: '+54 11 5555-0000', ...credenciales },
  });
  expect(res.status(), await res.text()).toBe(201);
  return credenciales;
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

/** Logs in through the API; the access token and the user id inside it. */
export async function sesionPorApi(request: APIRequestContext, user: Credenciales) {
  const res = await request.post('/api/usuario/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
  return { accessToken, userId: payload.userId as string };
}

/** The open group of a product, as its owner's panel reads it. */
export async function grupoAbiertoDe(
  request: APIRequestContext,
  accessToken: string,
  productoId: string,
): Promise<string> {
  const res = await request.get(`/api/grupoDeCompra/gruposAbiertos/producto/${productoId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { grupos } = (await res.json()) as { grupos: { _id: string }[] };
  const [grupo] = grupos;
  if (!grupo) throw new Error(`El producto ${productoId} no tiene un grupo abierto`);
  return grupo._id;
}

/** An open group of the demo seller's newest product (a page to join). */
export async function grupoAbiertoDeDemo(request: APIRequestContext): Promise<string> {
  const { accessToken, userId } = await sesionPorApi(request, {
    email: 'vendedor@compragrupal.com.ar',
    contrasenia: 'demo1234',
  });
  const res = await request.get(`/api/producto/vendedor/${userId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const [producto] = (await res.json()) as { _id: string }[];
  if (!producto) throw new Error('El vendedor de demo no tiene productos');
  return grupoAbiertoDe(request, accessToken, producto._id);
}
