import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { conHidratacion, expect, test } from './fixtures';
import { logIn, toast } from './helpers';

/**
 * Products and purchase groups (issue 12) in the built app: a seller loads a product through
 * the seven steps with a picture, finds it in Mis Productos and changes its price; a shopper
 * opens its group page from the shared link, joins and finds the line in the cart; the seller
 * closes the group from the owner panel and the shopper's open group page changes live.
 *
 * The seller and the shopper are the test's own (an enabled store with the local category
 * 'Regionales', made through the API).
 */

function fotoPng() {
  return sharp({
    create: { width: 900, height: 700, channels: 3, background: { r: 120, g: 72, b: 40 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="700"><rect x="250" y="200" width="400" height="300" rx="40" fill="#f5deb3"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

async function siguiente(page: Page) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

test.describe('products and purchase groups', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a seller loads a product and edits it; a shopper joins its group; closing it shows live', async ({
    page,
    browser,
    api,
    sufijo,
    comprador: unComprador,
  }) => {
    const nombre = `Salame de Colonia Caroya ${sufijo}`;
    const vendedor = await api.nuevoVendedor({ categorias: ['Regionales'] });

    // The seller loads the product in seven steps.
    await logIn(page, vendedor.credenciales);
    await page.goto('/product-form');
    await page.getByRole('textbox', { name: 'Nombre del producto' }).fill(nombre);
    await siguiente(page);
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Salame artesanal estacionado.');
    await siguiente(page);
    await siguiente(page);
    await expect(toast(page, 'Campo requerido')).toBeVisible();
    await page.getByRole('textbox', { name: /Precio/ }).fill('12500');
    await siguiente(page);
    await page.getByRole('textbox', { name: 'Cantidad del grupo' }).fill('4');
    await siguiente(page);
    await page.getByRole('textbox', { name: 'Stock disponible' }).fill('20');
    await siguiente(page);
    await page.getByText('Regionales').click();
    await siguiente(page);
    await page.getByRole('button', { name: 'Cargar Producto' }).click();
    await expect(toast(page, 'Imagen requerida')).toBeVisible();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'salame.png', mimeType: 'image/png', buffer: await fotoPng() });
    await expect(toast(page, 'Imagen procesada')).toBeVisible();
    await page.getByRole('button', { name: 'Cargar Producto' }).click();
    await expect(toast(page, '¡Producto cargado exitosamente!')).toBeVisible();

    // Mis Productos lists it; its price changes in the edit dialog.
    await expect(page).toHaveURL(/\/my-store\?seccion=mis-productos$/);
    const tarjeta = page.getByRole('article').filter({ hasText: nombre });
    await expect(tarjeta).toBeVisible();
    await expect(tarjeta.getByText('Total grupo')).toBeVisible();
    await tarjeta.getByRole('button', { name: 'Editar' }).click();
    const dialogo = page.getByRole('dialog');
    const precio = dialogo.getByRole('textbox', { name: /Precio/ });
    await precio.fill('11900');
    await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'El producto se ha actualizado correctamente')).toBeVisible();
    await expect(tarjeta.getByText(/11\.900/)).toBeVisible();

    const productoId = await page.evaluate(async (n) => {
      const token = localStorage.getItem('accessToken') ?? '';
      const { userId } = JSON.parse(atob(token.split('.')[1] ?? '')) as { userId: string };
      const res = await fetch(`/api/producto/vendedor/${userId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const productos = (await res.json()) as { _id: string; nombre: string }[];
      return productos.find((p) => p.nombre === n)?._id ?? '';
    }, nombre);
    expect(productoId).toMatch(/^[0-9a-f]{24}$/);
    const grupoId = await api.grupoAbierto(vendedor, productoId);

    // A shopper opens the shared link and joins.
    const comprador = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const compradorPage = conHidratacion(await comprador.newPage());
    try {
      await logIn(compradorPage, unComprador);
      await compradorPage.goto(`/group/${grupoId}`);
      await expect(compradorPage.getByRole('heading', { name: 'Detalle del Grupo' })).toBeVisible();
      await expect(compradorPage.getByText(nombre).first()).toBeVisible();
      await expect(compradorPage.getByText('Faltan 4 lugares para completar')).toBeVisible();
      await compradorPage.getByRole('button', { name: 'Unirse al Grupo' }).click();
      // The line goes into the cart with its group, and the cart's summary opens.
      await expect(compradorPage).toHaveURL(/\/cart/);
      await expect(compradorPage.getByText(nombre).first()).toBeVisible();

      // Back on the group page; the seller closes the group from the owner panel.
      await compradorPage.goto(`/group/${grupoId}`);
      await expect(compradorPage.getByText('Estado del Grupo')).toBeVisible();
      await page.goto(`/product/${productoId}`);
      const panel = page.getByRole('region', { name: 'Panel del Propietario' });
      await panel.getByRole('button', { name: 'Cerrar Grupo' }).first().click();
      await page
        .getByRole('button', { name: /Cerrar Grupo|Confirmar/ })
        .last()
        .click();
      await expect(toast(page, 'Grupo cerrado')).toBeVisible();

      // The shopper's page changes without a reload.
      await expect(compradorPage.getByText('Estado de Entrega')).toBeVisible();
      await expect(compradorPage.getByRole('button', { name: 'Unirse al Grupo' })).toHaveCount(0);
    } finally {
      await comprador.close();
    }
  });
});
