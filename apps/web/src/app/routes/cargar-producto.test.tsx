import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { processImage } from '@/lib/image-rule';
import { callsTo, categoriaLocalId, MI_TIENDA_ID } from '@/test/mi-tienda-api';
import { mockMisProductosApi } from '@/test/mis-productos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';

vi.mock('@/lib/image-rule', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/image-rule')>()),
  processImage: vi.fn(),
}));

const procesada = new File([new Uint8Array(512 * 1024)], 'manzanas.jpg', { type: 'image/jpeg' });
const elegida = () => new File(['png'], 'manzanas.png', { type: 'image/png' });

const CHIPS = [
  'Nombre',
  'Descripción',
  'Precio',
  'Cantidad del Grupo',
  'Stock',
  'Categoría',
  'Imagen',
];

async function abrir() {
  const vista = renderApp('/product-form');
  const dialogo = await screen.findByRole('dialog', { name: 'Cargar Producto' });
  return { ...vista, dialogo, d: within(dialogo) };
}

type Vista = Awaited<ReturnType<typeof abrir>>;

const siguiente = (v: Vista) => v.user.click(v.d.getByRole('button', { name: /Siguiente/ }));

/** Fills steps 1 to 5 (with the optional group term when given) and lands on step 6. */
async function hastaCategoria(v: Vista, plazo?: string) {
  await v.user.type(v.d.getByLabelText('Nombre del producto'), 'Cajón de manzanas');
  await siguiente(v);
  await v.user.type(await v.d.findByLabelText('Descripción'), 'Manzanas rojas, 10 kg.');
  await siguiente(v);
  await v.user.type(await v.d.findByLabelText('Precio (en pesos)'), '12.500,50');
  await siguiente(v);
  await v.user.type(await v.d.findByLabelText('Cantidad del grupo'), '10');
  if (plazo) await v.user.type(v.d.getByLabelText('Plazo del grupo (días)'), plazo);
  await siguiente(v);
  await v.user.type(await v.d.findByLabelText('Stock disponible'), '40');
  await siguiente(v);
  await v.d.findByText('Paso 6 de 7');
}

async function hastaImagen(v: Vista, plazo?: string) {
  await hastaCategoria(v, plazo);
  await v.user.click(await v.d.findByRole('radio', { name: 'Verduras' }));
  await siguiente(v);
  await v.d.findByText('Paso 7 de 7');
}

describe('/product-form', () => {
  beforeEach(() => {
    storeToken(makeToken());
    vi.mocked(processImage).mockReset();
    vi.mocked(processImage).mockResolvedValue(procesada);
  });

  it('asks to log in without a token and comes back here', async () => {
    localStorage.clear();
    mockMisProductosApi();
    const { user, router } = renderApp('/product-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cargar Producto' })).toBeVisible();
    expect(screen.getByText('No se encontró token de acceso')).toBeVisible();
    await user.click(
      within(screen.getByRole('main')).getByRole('link', { name: 'Iniciar Sesión' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/product-form');
  });

  it("shows seven steps with progress, 'Paso N de 7' and chips, and goes back and forth", async () => {
    mockMisProductosApi();
    const v = await abrir();
    expect(v.d.getByText('Paso 1 de 7')).toBeVisible();
    expect(v.d.getByText('14% completado')).toBeVisible();
    const chips = within(v.d.getByRole('list', { name: 'Pasos' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(
      CHIPS.map((chip, i) => `${i + 1}${chip}`),
    );
    expect(v.d.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await waitFor(() => expect(v.d.getByLabelText('Nombre del producto')).toHaveFocus());
    await v.user.type(v.d.getByLabelText('Nombre del producto'), 'Peras{Enter}');
    expect(await v.d.findByText('Paso 2 de 7')).toBeVisible();
    expect(v.d.getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      'Paso 2 de 7, 29% completado',
    );
    await v.user.click(v.d.getByRole('button', { name: 'Anterior' }));
    expect(await v.d.findByLabelText('Nombre del producto')).toHaveValue('Peras');
  });

  it("blocks steps 1 to 6 without a value ('Campo requerido')", async () => {
    mockMisProductosApi();
    const v = await abrir();
    for (const [paso, etiqueta, valor] of [
      [1, 'Nombre del producto', 'Peras'],
      [2, 'Descripción', 'Peras de Río Negro'],
      [3, 'Precio (en pesos)', '800'],
      [4, 'Cantidad del grupo', '5'],
      [5, 'Stock disponible', '20'],
    ] as const) {
      const campo = await v.d.findByLabelText(etiqueta);
      // Only spaces count as empty too.
      if (paso <= 2) await v.user.type(campo, '   ');
      await siguiente(v);
      const aviso = await expectToast(
        'Campo requerido',
        'Por favor completa este campo antes de continuar',
      );
      expect(aviso).toHaveAttribute('data-type', 'error');
      expect(v.d.getByText(`Paso ${paso} de 7`)).toBeVisible();
      await v.user.clear(campo);
      await v.user.type(campo, valor);
      await siguiente(v);
      await v.d.findByText(`Paso ${paso + 1} de 7`);
    }
    await v.d.findByRole('radio', { name: 'Frutas' });
    await siguiente(v);
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
    expect(v.d.getByText('Paso 6 de 7')).toBeVisible();
  });

  it('takes only numbers in price, group quantity and stock, with numeric keyboards', async () => {
    mockMisProductosApi();
    const v = await abrir();
    await v.user.type(v.d.getByLabelText('Nombre del producto'), 'Peras');
    await siguiente(v);
    await v.user.type(await v.d.findByLabelText('Descripción'), 'Ricas');
    await siguiente(v);
    const precio = await v.d.findByLabelText('Precio (en pesos)');
    expect(precio).toHaveAttribute('inputmode', 'decimal');
    await v.user.type(precio, 'abc0');
    expect(precio).toHaveValue('0');
    await siguiente(v);
    // The contract's bounds: a price is above 0.
    await expectToast('Valor no válido');
    await v.user.clear(precio);
    await v.user.type(precio, '99,9');
    await siguiente(v);
    const grupo = await v.d.findByLabelText('Cantidad del grupo');
    expect(grupo).toHaveAttribute('inputmode', 'numeric');
    await v.user.type(grupo, '1,5x');
    expect(grupo).toHaveValue('15');
    await siguiente(v);
    expect(await v.d.findByLabelText('Stock disponible')).toHaveAttribute('inputmode', 'numeric');
  });

  it("tells a store without categories so, with the way to 'Configurar Categorías'", async () => {
    mockMisProductosApi({}, { categorias: [] });
    const v = await abrir();
    await hastaCategoria(v);
    expect(v.d.getByText('Tu tienda todavía no tiene categorías')).toBeVisible();
    expect(v.d.getByRole('link', { name: 'Configurar Categorías' })).toHaveAttribute(
      'href',
      '/my-store?seccion=categorias',
    );
  });

  it("requires a picture ('Imagen requerida') and sends nothing without one", async () => {
    const { calls } = mockMisProductosApi();
    const v = await abrir();
    await hastaImagen(v);
    await v.user.click(v.d.getByRole('button', { name: 'Cargar Producto' }));
    const aviso = await expectToast(
      'Imagen requerida',
      'Por favor selecciona una imagen para el producto',
    );
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(callsTo(calls, '/api/producto/crear')).toHaveLength(0);
  });

  it("says 'Error al procesar imagen' when the picture cannot be processed", async () => {
    vi.mocked(processImage).mockRejectedValue(new Error('No se pudo procesar la imagen'));
    mockMisProductosApi();
    const v = await abrir();
    await hastaImagen(v);
    await v.user.upload(v.d.getByLabelText('Imagen del producto'), elegida());
    await expectToast('Error al procesar imagen', 'No se pudo procesar la imagen');
    expect(v.d.getByText('Sin imagen')).toBeVisible();
  });

  it("processes the picture ('Imagen procesada'), sends the multipart form, says '¡Producto cargado exitosamente!' and opens Mis Productos", async () => {
    const { calls } = mockMisProductosApi({ productos: [] });
    const v = await abrir();
    await hastaImagen(v);
    await v.user.upload(v.d.getByLabelText('Imagen del producto'), elegida());
    expect(processImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'manzanas.png' }));
    await expectToast('Imagen procesada');
    expect(v.d.getByRole('img', { name: 'Imagen nueva: manzanas.jpg' })).toBeVisible();
    expect(v.d.getByText('manzanas.jpg')).toBeVisible();

    await v.user.click(v.d.getByRole('button', { name: 'Cargar Producto' }));
    await expectToast('¡Producto cargado exitosamente!');

    const [post] = callsTo(calls, '/api/producto/crear');
    expect(post?.method).toBe('POST');
    expect(post?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(post?.headers.get('Content-Type')).toBeNull();
    const form = post?.body as FormData;
    expect([...form.keys()]).toEqual([
      'vendedorId',
      'tiendaId',
      'nombre',
      'descripcion',
      'precio',
      'cantidadTotalGrupo',
      'stock',
      'categoriaLocalId',
      'paquete',
      'imagen',
    ]);
    expect(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')),
    ).toEqual({
      vendedorId: USER_ID,
      tiendaId: MI_TIENDA_ID,
      nombre: 'Cajón de manzanas',
      descripcion: 'Manzanas rojas, 10 kg.',
      precio: '12500.5',
      cantidadTotalGrupo: '10',
      stock: '40',
      categoriaLocalId: JSON.stringify([categoriaLocalId(2)]),
      // Untouched, the usual package of the store's category (Verdulería).
      paquete: JSON.stringify({ peso: 1, largo: 30, ancho: 20, alto: 15 }),
    });
    const imagen = form.get('imagen') as File;
    expect(imagen.name).toBe('manzanas.jpg');
    expect(imagen.size).toBe(procesada.size);

    await waitFor(() => expect(v.router.state.location.pathname).toBe('/my-store'));
    expect(v.router.state.location.search).toBe('?seccion=mis-productos');
    expect(v.router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('article', { name: 'Cajón de manzanas' })).toBeVisible();
  });

  it("sends the optional 'Plazo del grupo (días)' asked with the group quantity, still in 7 steps", async () => {
    const { calls } = mockMisProductosApi({ productos: [] });
    const v = await abrir();
    await hastaImagen(v, '15');
    await v.user.upload(v.d.getByLabelText('Imagen del producto'), elegida());
    await expectToast('Imagen procesada');
    await v.user.click(v.d.getByRole('button', { name: 'Cargar Producto' }));
    await expectToast('¡Producto cargado exitosamente!');
    const form = callsTo(calls, '/api/producto/crear')[0]?.body as FormData;
    expect([...form.keys()].slice(5, 8)).toEqual(['cantidadTotalGrupo', 'plazoGrupoDias', 'stock']);
    expect(form.get('plazoGrupoDias')).toBe('15');
  });

  describe("'Embalaje', one unit's package asked with the stock", () => {
    /** Fills steps 1 to 4 and lands on step 5 (stock and package). */
    async function hastaStock(v: Vista) {
      await v.user.type(v.d.getByLabelText('Nombre del producto'), 'Cajón de manzanas');
      await siguiente(v);
      await v.user.type(await v.d.findByLabelText('Descripción'), 'Manzanas rojas, 10 kg.');
      await siguiente(v);
      await v.user.type(await v.d.findByLabelText('Precio (en pesos)'), '12500');
      await siguiente(v);
      await v.user.type(await v.d.findByLabelText('Cantidad del grupo'), '10');
      await siguiente(v);
      await v.d.findByText('Paso 5 de 7');
      return within(v.d.getByRole('group', { name: 'Embalaje' }));
    }

    async function escribir(v: Vista, etiqueta: string, valor: string) {
      const campo = v.d.getByLabelText(etiqueta);
      await v.user.clear(campo);
      if (valor) await v.user.type(campo, valor);
    }

    it("proposes the usual package of the store's category, with the hint, kg in steps of 0.1 and cm", async () => {
      mockMisProductosApi({}, { categoriaGlobal: 'Bebidas' });
      const v = await abrir();
      const embalaje = await hastaStock(v);
      expect(
        embalaje.getByText('Una unidad lista para enviar. Con esto se calcula el envío.'),
      ).toBeVisible();
      const peso = embalaje.getByLabelText('Peso (kg)');
      expect(peso).toHaveAttribute('type', 'number');
      expect(peso).toHaveAttribute('step', '0.1');
      expect(peso).toHaveAttribute('min', '0.1');
      expect(peso).toHaveAttribute('max', '1000');
      expect(embalaje.getByLabelText('Alto (cm)')).toHaveAttribute('max', '300');
      // Bebidas: 1.6 kg, 32 × 10 × 10 cm.
      await waitFor(() => expect(peso).toHaveValue(1.6));
      expect(embalaje.getByLabelText('Largo (cm)')).toHaveValue(32);
      expect(embalaje.getByLabelText('Ancho (cm)')).toHaveValue(10);
      expect(embalaje.getByLabelText('Alto (cm)')).toHaveValue(10);
    });

    it("proposes the default package when the store's category cannot be read", async () => {
      const { calls } = mockMisProductosApi({}, { categoriaGlobal: 'sin-tienda' });
      const v = await abrir();
      const embalaje = await hastaStock(v);
      await waitFor(() =>
        expect(callsTo(calls, `/api/tienda/con-productos/${MI_TIENDA_ID}`)).toHaveLength(1),
      );
      expect(embalaje.getByLabelText('Peso (kg)')).toHaveValue(1);
      expect(embalaje.getByLabelText('Largo (cm)')).toHaveValue(30);
      expect(embalaje.getByLabelText('Ancho (cm)')).toHaveValue(20);
      expect(embalaje.getByLabelText('Alto (cm)')).toHaveValue(10);
    });

    it('refuses a package outside the bounds, on its step, with the field marked', async () => {
      mockMisProductosApi();
      const v = await abrir();
      const embalaje = await hastaStock(v);
      await waitFor(() => expect(embalaje.getByLabelText('Alto (cm)')).toHaveValue(15));
      await v.user.type(v.d.getByLabelText('Stock disponible'), '40');

      await escribir(v, 'Peso (kg)', '0');
      await siguiente(v);
      await expectToast('Valor no válido', 'El peso debe estar entre 0.1 y 1000 kg');
      expect(v.d.getByText('Paso 5 de 7')).toBeVisible();
      const peso = embalaje.getByLabelText('Peso (kg)');
      expect(peso).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(peso).toHaveFocus());
      expect(embalaje.getByText('El peso debe estar entre 0.1 y 1000 kg')).toBeVisible();

      await escribir(v, 'Peso (kg)', '2');
      await escribir(v, 'Largo (cm)', '301');
      await siguiente(v);
      await expectToast('Valor no válido', 'El largo debe estar entre 1 y 300 cm');

      await escribir(v, 'Largo (cm)', '30');
      await escribir(v, 'Alto (cm)', '');
      await siguiente(v);
      await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
      expect(v.d.getByText('Paso 5 de 7')).toBeVisible();

      await escribir(v, 'Alto (cm)', '12');
      await siguiente(v);
      expect(await v.d.findByText('Paso 6 de 7')).toBeVisible();
    });

    it('sends the package typed as the JSON field `paquete`, and keeps it when going back', async () => {
      const { calls } = mockMisProductosApi({ productos: [] });
      const v = await abrir();
      const embalaje = await hastaStock(v);
      await waitFor(() => expect(embalaje.getByLabelText('Alto (cm)')).toHaveValue(15));
      await v.user.type(v.d.getByLabelText('Stock disponible'), '40');
      await escribir(v, 'Peso (kg)', '10.5');
      await escribir(v, 'Largo (cm)', '50');
      await escribir(v, 'Ancho (cm)', '30.5');
      await escribir(v, 'Alto (cm)', '25');
      await siguiente(v);
      await v.user.click(await v.d.findByRole('radio', { name: 'Verduras' }));
      await v.user.click(v.d.getByRole('button', { name: 'Anterior' }));
      expect(await v.d.findByLabelText('Peso (kg)')).toHaveValue(10.5);
      await siguiente(v);
      await siguiente(v);
      await v.d.findByText('Paso 7 de 7');
      await v.user.upload(v.d.getByLabelText('Imagen del producto'), elegida());
      await expectToast('Imagen procesada');
      await v.user.click(v.d.getByRole('button', { name: 'Cargar Producto' }));
      await expectToast('¡Producto cargado exitosamente!');

      const form = callsTo(calls, '/api/producto/crear')[0]?.body as FormData;
      expect(JSON.parse(String(form.get('paquete')))).toEqual({
        peso: 10.5,
        largo: 50,
        ancho: 30.5,
        alto: 25,
      });
    });
  });

  it('refuses a group term outside 1 to 90 days on its step', async () => {
    mockMisProductosApi();
    const v = await abrir();
    await v.user.type(v.d.getByLabelText('Nombre del producto'), 'Cajón de manzanas');
    await siguiente(v);
    await v.user.type(await v.d.findByLabelText('Descripción'), 'Manzanas rojas.');
    await siguiente(v);
    await v.user.type(await v.d.findByLabelText('Precio (en pesos)'), '100');
    await siguiente(v);
    await v.user.type(await v.d.findByLabelText('Cantidad del grupo'), '10');
    const plazo = v.d.getByLabelText('Plazo del grupo (días)');
    expect(plazo).toHaveAttribute('inputmode', 'numeric');
    await v.user.type(plazo, '95');
    await siguiente(v);
    await expectToast(
      'Valor no válido',
      'El plazo del grupo debe ser un número entero de días entre 1 y 90',
    );
    expect(v.d.getByText('Paso 4 de 7')).toBeVisible();
    await v.user.clear(plazo);
    await siguiente(v);
    expect(await v.d.findByText('Paso 5 de 7')).toBeVisible();
  });

  it.each([
    [
      'fails',
      'error-servidor' as const,
      'Hubo un problema al cargar tu producto. Inténtalo de nuevo.',
      7,
    ],
    [
      'refuses the store (403)',
      { status: 403, mensaje: 'Tu tienda aún no está habilitada', code: 'TIENDA_NO_HABILITADA' },
      'Tu tienda aún no está habilitada',
      7,
    ],
    [
      'refuses the price (400)',
      { status: 400, mensaje: 'El precio es demasiado alto', campo: 'precio' },
      'El precio es demasiado alto',
      3,
    ],
    [
      'refuses the package (400)',
      { status: 400, mensaje: 'El peso debe estar entre 0.1 y 1000 kg', campo: 'paquete.peso' },
      'El peso debe estar entre 0.1 y 1000 kg',
      5,
    ],
  ])("says 'Error al cargar producto' when the server %s", async (_caso, crear, mensaje, paso) => {
    mockMisProductosApi({ crear });
    const v = await abrir();
    await hastaImagen(v);
    await v.user.upload(v.d.getByLabelText('Imagen del producto'), elegida());
    await expectToast('Imagen procesada');
    await v.user.click(v.d.getByRole('button', { name: 'Cargar Producto' }));
    const aviso = await expectToast('Error al cargar producto', mensaje);
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(await v.d.findByText(`Paso ${paso} de 7`)).toBeVisible();
    expect(v.router.state.location.pathname).toBe('/product-form');
  });

  it("says 'Error de autenticación' when the token has no user id", async () => {
    storeToken(makeToken({ userId: null }));
    const { calls } = mockMisProductosApi();
    const v = await abrir();
    await v.user.type(v.d.getByLabelText('Nombre del producto'), 'Peras');
    for (let paso = 1; paso < 7; paso++) {
      if (paso > 1) {
        const etiqueta = [
          '',
          '',
          'Descripción',
          'Precio (en pesos)',
          'Cantidad del grupo',
          'Stock disponible',
        ][paso];
        if (etiqueta) await v.user.type(await v.d.findByLabelText(etiqueta), '5');
      }
      if (paso === 6) break;
      await siguiente(v);
    }
    expect(await v.d.findByText('Paso 6 de 7')).toBeVisible();
    expect(v.d.getByText('Error de autenticación')).toBeVisible();
    expect(v.d.getByRole('alert')).toHaveTextContent('No se pudo obtener el ID del usuario');
    expect(callsTo(calls, '/api/tienda/categorias-locales/')).toHaveLength(0);
  });

  it('closes to /', async () => {
    mockMisProductosApi();
    const v = await abrir();
    await v.user.click(v.d.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(v.router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Cargar Producto' })).toBeNull();
  });
});
