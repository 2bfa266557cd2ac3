import type { Page } from '@playwright/test';
import {
  type Api,
  estarEn,
  expect,
  idUnico,
  type Producto,
  test,
  type Ubicacion,
  type Vendedor,
} from './fixtures';
import { toast } from './helpers';

/**
 * The marketplace, on stores each test opens through the API at a spot of the map of its own
 * (out of every demo store's reach, and of other tests'), so the listing there shows what the
 * test made and nothing else. One test checks the demo stores around Palermo, which no journey
 * changes.
 */
const PALERMO = { latitude: -34.5889, longitude: -58.4108 };
const CORDOBA = { latitude: -31.4135, longitude: -64.181 };
const DEMO_EN_PALERMO = [
  'Almacén Don Ramón',
  'La Huerta de Villa Crespo',
  'Carnicería El Novillo',
  'Panadería La Espiga',
  'Bebidas del Centro',
  'Tecno Barrio',
];

const DENEGADA =
  'Acceso a la ubicación denegado. Para ver tiendas cercanas, habilita la ubicación en tu navegador (ícono de ubicación en la barra de direcciones) y recarga la página.';

function card(page: Page, nombre: string) {
  return page.getByRole('article', { name: nombre });
}

function search(page: Page) {
  return page.getByPlaceholder('Buscar tiendas o productos...');
}

/** The line '<n> tiendas encontradas' ('1 tienda encontrada') matches the cards listed. */
async function expectCountMatchesCards(page: Page) {
  const line = page.getByText(/^\d+ tiendas? encontradas?$/);
  await expect
    .poll(async () => {
      const shown = await page.getByRole('article').count();
      const expected = shown === 1 ? '1 tienda encontrada' : `${shown} tiendas encontradas`;
      const text = (await line.count()) === 1 ? await line.textContent() : null;
      return text === expected ? 'ok' : `'${text}' with ${shown} cards`;
    })
    .toBe('ok');
}

/** These stores are listed (and those not), and the count line agrees with the cards. */
async function expectListed(page: Page, present: string[], absent: string[] = []) {
  // The listing comes once the position is known and the stores around it have been read.
  await expect(page.getByText(/^\d+ tiendas? encontradas?$/)).toBeVisible({ timeout: 15_000 });
  for (const nombre of present) await expect(card(page, nombre)).toBeVisible();
  for (const nombre of absent) await expect(card(page, nombre)).toHaveCount(0);
  await expectCountMatchesCards(page);
}

/** Exactly these stores are listed. */
async function expectOnly(page: Page, nombres: string[]) {
  await expectListed(page, nombres);
  await expect(page.getByRole('article')).toHaveCount(nombres.length);
}

/** Coordinates as the screens show them. */
const coordenadas = ({ latitude, longitude }: Ubicacion) =>
  `Lat ${latitude.toFixed(4)}, Lng ${longitude.toFixed(4)}`;

interface Barrio {
  /** Eight products in five local categories, one of them a yerba. */
  almacen: Vendedor;
  productos: Producto[];
  /** One bread. */
  panaderia: Vendedor;
  /** No products. */
  tecno: Vendedor;
  /** Not enabled by the product team. */
  enRevision: Vendedor;
  nombres: string[];
}

/** The test's stores around its spot. */
async function barrioPropio(api: Api, sufijo: string): Promise<Barrio> {
  const categorias = ['Almacén', 'Bebidas', 'Infusiones', 'Secos', 'Conservas'];
  const [almacen, panaderia, tecno, enRevision] = await Promise.all([
    api.nuevoVendedor({ nombre: `Almacén ${sufijo}`, categorias }),
    api.nuevoVendedor({ nombre: `Panadería ${sufijo}`, categoria: 'Panadería' }),
    api.nuevoVendedor({ nombre: `Tecno ${sufijo}`, categoria: 'Electrónica' }),
    api.nuevoVendedor({ nombre: `Dietética ${sufijo}`, mercadoPago: false, habilitada: false }),
  ]);
  const productos = await Promise.all([
    api.nuevoProducto(almacen, { nombre: `Yerba mate ${sufijo}`, categorias: ['Infusiones'] }),
    ...['Fideos', 'Arroz', 'Harina', 'Atún', 'Aceite', 'Agua', 'Azúcar'].map((nombre, i) =>
      api.nuevoProducto(almacen, {
        nombre: `${nombre} ${sufijo}`,
        precio: 1000 + i * 250,
        categorias: [categorias[i % categorias.length] ?? 'Almacén'],
      }),
    ),
    api.nuevoProducto(panaderia, { nombre: `Pan de campo ${sufijo}` }),
  ]);
  return {
    almacen,
    productos: productos.slice(0, 8),
    panaderia,
    tecno,
    enRevision,
    nombres: [almacen, panaderia, tecno].map((v) => v.tiendaNombre),
  };
}

async function openListing(page: Page, nombres: string[]) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' })).toBeVisible();
  await expectOnly(page, nombres);
}

test.describe('marketplace with the GPS position', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('lists the enabled stores around the position and saves it', async ({
    page,
    context,
    api,
    sufijo,
    ubicacion,
  }) => {
    const barrio = await barrioPropio(api, sufijo);
    await estarEn(context, ubicacion);
    await openListing(page, barrio.nombres);
    await expect(page.getByText(coordenadas(ubicacion))).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('marketplaceLocation')))
      .toBe(JSON.stringify({ lat: ubicacion.latitude, lng: ubicacion.longitude }));

    // A card shows at most 6 products and links to all of them; its 4th local category and
    // beyond fold into '+n más'.
    const { tiendaNombre } = barrio.almacen;
    const almacen = card(page, tiendaNombre);
    await expect(
      almacen.getByRole('link', { name: 'Ver todos los productos (8)', exact: true }),
    ).toBeVisible();
    await expect(
      almacen.getByRole('region', { name: `Productos de ${tiendaNombre}` }).getByRole('group'),
    ).toHaveCount(6);
    await expect(almacen.getByText(/^\+\d+ más$/)).toBeVisible();
    await expect(almacen.getByText(/\$\s\d{1,3}(\.\d{3})*,\d{2}/).first()).toBeVisible();
    await expect(
      card(page, barrio.tecno.tiendaNombre).getByText('Esta tienda aún no tiene productos'),
    ).toBeVisible();
    // A store the product team has not enabled is not listed.
    await expect(card(page, barrio.enRevision.tiendaNombre)).toHaveCount(0);
  });

  test('around Palermo, the demo stores are listed (demo data no journey changes)', async ({
    page,
    context,
  }) => {
    await estarEn(context, PALERMO);
    await page.goto('/');
    await expectListed(page, DEMO_EN_PALERMO, ['Dietética Natural', 'Almacén Serrano']);
    await expect(page.getByText('Lat -34.5889, Lng -58.4108')).toBeVisible();
  });

  test("a card's carousel advances every 2.5 s, holds while focused, and its arrows and keys move one product", async ({
    page,
    context,
    api,
    sufijo,
    ubicacion,
  }) => {
    const barrio = await barrioPropio(api, sufijo);
    await estarEn(context, ubicacion);
    // The page's timers run on a clock the test can move (at the real pace until then).
    await page.clock.install();
    await openListing(page, barrio.nombres);
    const nombre = barrio.almacen.tiendaNombre;
    const carrusel = card(page, nombre).getByRole('region', { name: `Productos de ${nombre}` });
    const slide = (n: number) => carrusel.getByRole('group', { name: `${n} de 6` });
    /**
     * The slide at the carousel's left edge once the scrolling has settled on it; 0 while the
     * carousel is between slides.
     */
    const firstShown = () =>
      carrusel.evaluate((region) => {
        const left = region.getBoundingClientRect().left;
        const slides = Array.from(region.querySelectorAll('[aria-roledescription="diapositiva"]'));
        // Each slide starts with a 12 px gutter that the track hides on the left.
        const settled = slides.findIndex(
          (s) => Math.abs(s.getBoundingClientRect().left + 12 - left) < 2,
        );
        return settled + 1;
      });
    // Every move of the carousel is a scroll of its track: count them, and keep where the last
    // one goes.
    await carrusel.evaluate((region) => {
      const registro: { movimientos: number; destino?: { track: Element; left: number } } = {
        movimientos: 0,
      };
      (window as unknown as { carrusel: typeof registro }).carrusel = registro;
      const scrollTo = Element.prototype.scrollTo;
      Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
        const opciones = args[0] as ScrollToOptions | undefined;
        if (region.contains(this)) {
          registro.movimientos += 1;
          registro.destino = { track: this, left: opciones?.left ?? 0 };
        }
        return (scrollTo as (...a: unknown[]) => void).apply(this, args);
      };
    });
    const movimientos = () =>
      page.evaluate(
        () => (window as unknown as { carrusel: { movimientos: number } }).carrusel.movimientos,
      );
    /** No glide under way: the track is where its last move sent it. */
    const quieto = () =>
      page.evaluate(() => {
        const { destino } = (
          window as unknown as { carrusel: { destino?: { track: Element; left: number } } }
        ).carrusel;
        if (!destino) return true;
        const { track, left } = destino;
        const final = Math.max(0, Math.min(left, track.scrollWidth - track.clientWidth));
        return Math.abs(track.scrollLeft - final) < 2;
      });

    await expect(slide(1)).toBeInViewport();
    await expect.poll(firstShown).toBeGreaterThan(1);

    // With the focus inside it holds: once a glide that had already started has ended, the
    // page's clock runs past two periods and the carousel does not move. The arrows move one
    // product each way; past the last, 'Siguiente' goes back to the first.
    const anterior = carrusel.getByRole('button', { name: 'Anterior' });
    const siguienteBoton = carrusel.getByRole('button', { name: 'Siguiente' });
    await siguienteBoton.focus();
    await expect.poll(quieto).toBe(true);
    await expect.poll(firstShown).toBeGreaterThan(0);
    const held = await firstShown();
    const antes = await movimientos();
    await page.clock.runFor(6_000);
    expect(await movimientos()).toBe(antes);
    expect(await firstShown()).toBe(held);
    // The page's time flows on its own again.
    await page.clock.resume();

    const siguiente = held === 5 ? 1 : held + 1;
    await siguienteBoton.click();
    await expect.poll(firstShown).toBe(siguiente);
    // 'Anterior' pressed from the keyboard: after 'Siguiente', a pointer at its centre lands on
    // the slide's image in this build (Playwright: the img intercepts pointer events).
    await anterior.press('Enter');
    await expect.poll(firstShown).toBe(siguiente === 1 ? 5 : held);
    await page.keyboard.press('ArrowRight');
    await expect.poll(firstShown).toBe(siguiente);
    // The counter saw those moves (so it would have seen the autoplay's).
    expect(await movimientos()).toBe(antes + 3);
  });

  test('search and category filter narrow the list; an impossible search says so', async ({
    page,
    context,
    api,
    sufijo,
    ubicacion,
  }) => {
    const barrio = await barrioPropio(api, sufijo);
    await estarEn(context, ubicacion);
    await openListing(page, barrio.nombres);

    // Only the almacén sells yerba.
    await search(page).fill('yerba');
    await expectOnly(page, [barrio.almacen.tiendaNombre]);

    await search(page).fill('');
    await expectOnly(page, barrio.nombres);
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Panadería' }).click();
    await expectOnly(page, [barrio.panaderia.tiendaNombre]);

    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Todas las categorías' }).click();
    await expectOnly(page, barrio.nombres);

    await search(page).fill('producto que no existe en ninguna tienda');
    await expect(page.getByRole('heading', { name: 'No se encontraron tiendas' })).toBeVisible();
    await expect(page.getByText(/cambia la categoría/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar ubicación' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expectOnly(page, barrio.nombres);
    await expect(search(page)).toHaveValue('');
  });

  test('a card opens its store page', async ({ page, context, api, sufijo, ubicacion }) => {
    const barrio = await barrioPropio(api, sufijo);
    await estarEn(context, ubicacion);
    await openListing(page, barrio.nombres);
    // Anywhere on the card (here, its description), not only its title.
    await card(page, barrio.almacen.tiendaNombre).click({ position: { x: 160, y: 100 } });
    await expect(page).toHaveURL(new RegExp(`/store/${barrio.almacen.tiendaId}$`));

    await page.goBack();
    await expectOnly(page, barrio.nombres);
    const panaderia = barrio.panaderia.tiendaNombre;
    await card(page, panaderia).getByRole('link', { name: panaderia }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/store/${barrio.panaderia.tiendaId}$`));
  });

  test('the picker moves the marketplace to Córdoba', async ({ page, context, api, sufijo }) => {
    // Stores of this test's own in Palermo and in Córdoba, where the picker's search goes.
    const [enPalermo, enCordoba] = await Promise.all([
      api.nuevoVendedor({ nombre: `Almacén Palermo ${sufijo}`, ubicacion: PALERMO }),
      api.nuevoVendedor({ nombre: `Almacén Córdoba ${sufijo}`, ubicacion: CORDOBA }),
    ]);
    await estarEn(context, PALERMO);
    await page.goto('/');
    await expectListed(page, [enPalermo.tiendaNombre], [enCordoba.tiendaNombre]);
    await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
    const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
    await expect(picker).toBeVisible();

    // The Leaflet map: 400 px high, with its marker, even without tiles (no network here).
    const map = picker.locator('.leaflet-container');
    await expect(map).toBeVisible();
    await expect.poll(async () => Math.round((await map.boundingBox())?.height ?? 0)).toBe(400);
    await expect(picker.getByRole('button', { name: 'Marcador de la ubicación' })).toBeVisible();
    // It opens on where the marketplace is: that point can be confirmed as it is.
    await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toBeVisible();

    // Clicking the map moves the marker and reverse-geocodes the point.
    const box = await map.boundingBox();
    if (!box) throw new Error('El mapa no tiene caja');
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30);
    const summary = picker.getByRole('region', { name: 'Ubicación seleccionada' });
    await expect(summary.getByText('Ciudad Autónoma de Buenos Aires')).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toBeVisible();

    // Dragging the marker moves the point too, and its address follows.
    const coordinates = summary.getByText(/^Lat -34\.\d{4}, Lng -58\.\d{4}$/);
    const afterClick = await coordinates.textContent();
    const marker = picker.getByRole('button', { name: 'Marcador de la ubicación' });
    const pin = await marker.boundingBox();
    if (!pin) throw new Error('El marcador no tiene caja');
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 - 80, pin.y + pin.height / 2 - 60, { steps: 8 });
    await page.mouse.up();
    await expect(coordinates).not.toHaveText(afterClick ?? '');
    await expect(summary.getByText('Ciudad Autónoma de Buenos Aires')).toBeVisible();

    // The pointer leaves the map first: the suggestions drop over it, and one appearing under a
    // resting pointer is highlighted, so Enter would take it (Enter takes the highlighted one).
    await page.mouse.move(1, 1);
    const address = picker.getByPlaceholder('Buscar dirección…');
    await address.fill('córdoba');
    await address.press('Enter');
    await expect(picker).toBeVisible();
    await picker.getByRole('option', { name: 'Córdoba, Córdoba' }).click();
    await expect(summary.getByText('Lat -31.4135, Lng -64.1810')).toBeVisible();
    await picker.getByRole('button', { name: 'Confirmar ubicación' }).click();

    await expect(picker).toHaveCount(0);
    await expectListed(page, [enCordoba.tiendaNombre], [enPalermo.tiendaNombre]);
    await expect(page.getByText('Lat -31.4135, Lng -64.1810')).toBeVisible();

    // The choice is kept: a reload stays in Córdoba without asking the GPS.
    await page.reload();
    await expectListed(page, [enCordoba.tiendaNombre], [enPalermo.tiendaNombre]);
  });

  test('below 768 px the picker is a bottom drawer with its actions in reach', async ({
    page,
    context,
    api,
    ubicacion,
  }) => {
    const enCordoba = await api.nuevoVendedor({
      nombre: `Almacén Córdoba ${idUnico()}`,
      ubicacion: CORDOBA,
    });
    await estarEn(context, ubicacion);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByText(coordenadas(ubicacion))).toBeVisible();
    await expect(card(page, enCordoba.tiendaNombre)).toHaveCount(0);
    await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
    const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
    await expect(picker).toHaveAttribute('data-slot', 'drawer-content');
    await picker.getByPlaceholder('Buscar dirección…').fill('córdoba');
    await picker.getByRole('option', { name: 'Córdoba, Córdoba' }).click();
    await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toBeInViewport();
    await picker.getByRole('button', { name: 'Confirmar ubicación' }).click();
    await expect(card(page, enCordoba.tiendaNombre)).toBeVisible();
  });
});

test.describe('marketplace without location permission', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('explains that location access was denied and offers to retry or pick on the map', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(toast(page, 'Error de ubicación')).toBeVisible();
    await expect(toast(page, 'Error de ubicación').getByText(DENEGADA)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No se encontraron tiendas' })).toBeVisible();
    await expect(page.getByText('Sin ubicación')).toBeVisible();

    // Retrying still fails without the permission: a new toast replaces the first one.
    await page.getByRole('button', { name: 'Reintentar ubicación' }).click();
    const current = page
      .locator('[data-sonner-toast]:not([data-removed="true"])')
      .filter({ hasText: DENEGADA });
    await expect(current).toHaveCount(1);
    await expect(current).toBeVisible();

    // …but a point chosen on the map works.
    await page.getByRole('button', { name: 'Elegir en el mapa' }).click();
    const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
    await picker.getByPlaceholder('Buscar dirección…').fill('palermo');
    await picker.getByRole('option').first().click();
    await picker.getByRole('button', { name: 'Confirmar ubicación' }).click();
    await expect(page.getByText(/\d+ tiendas? encontradas?/)).toBeVisible();
  });
});
