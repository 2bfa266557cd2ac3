import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3101';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 740 : 800 } });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email', { exact: true }).fill('comprador@compragrupal.com.ar');
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(`${base}/`);
  const bell = page.locator('[data-slot="top-bar"]').getByRole('button', { name: /^Notificaciones/ });
  await bell.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-slot="avisos-campana"]')?.getAttribute('aria-label')?.includes('sin leer'));
  console.log(width, await bell.getAttribute('aria-label'));
  const marca = page.locator('[data-slot="top-bar"] a[href="/"] span.truncate');
  console.log('brand fits', await marca.evaluate((el) => [el.scrollWidth, el.clientWidth]));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/c-shots/bar-${width}.png` });
  await bell.click();
  await page.getByRole('dialog', { name: 'Notificaciones' }).getByText('Grupo completo: Yerba Mate Playadito 1 kg').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/c-shots/list-${width}.png` });
  await page.getByRole('button', { name: 'Preferencias' }).click();
  await page.getByRole('dialog', { name: 'Preferencias de notificaciones' }).getByRole('switch').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/c-shots/prefs-${width}.png` });
  await page.close();
}
await browser.close();
