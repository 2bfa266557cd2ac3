import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { processImage } from '@/lib/image-rule';
import { callsTo, categoriaLocalId } from '@/test/mi-tienda-api';
import {
  crearProducto,
  mockMisProductosApi,
  productoId,
  RETIRO_CON_LUGARES_PAGADOS,
} from '@/test/mis-productos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';

vi.mock('@/lib/image-rule', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/image-rule')>()),
  processImage: vi.fn(),
}));

const procesada = new File([new Uint8Array(128 * 1024)], 'foto.jpg', { type: 'image/jpeg' });

const MANZANAS = crearProducto();
const PERAS = crearProducto({
  _id: productoId(2),
  nombre: 'Peras Williams',
  descripcion: 'Peras de Río Negro.',
  precio: 8000,
  stock: 0,
  cantidadTotalGrupo: 6,
  disponible: false,
  imagen: null,
  categoriaLocalId: [],
});

async function abrir() {
  const vista = renderApp('/my-store?seccion=mis-productos');
  await screen.findByRole('heading', { level: 1, name: 'Mis Productos' });
  return vista;
}

const tarjeta = (nombre: string) => screen.getByRole('article', { name: nombre });

describe('Mis Productos', () => {
  beforeEach(() => {
    storeToken(makeToken());
    vi.mocked(processImage).mockReset();
    vi.mocked(processImage).mockResolvedValue(procesada);
  });

  it('lists the products with their count, picture, availability, price, stock and group total', async () => {
    const { calls } = mockMisProductosApi({ productos: [MANZANAS, PERAS] });
    await abrir();
    const manzanas = await screen.findByRole('article', { name: 'Cajón de manzanas' });
    expect(callsTo(calls, '/api/producto/vendedor/')[0]?.url).toBe(
      `/api/producto/vendedor/${USER_ID}`,
    );
    expect(screen.getByRole('heading', { level: 2, name: /Tus productos/ })).toHaveTextContent('2');
    expect(within(manzanas).getByRole('img', { name: 'Cajón de manzanas' })).toHaveAttribute(
      'src',
      '/uploads/productos/manzanas.jpg',
    );
    expect(within(manzanas).getByText('Disponible')).toBeVisible();
    expect(within(manzanas).getByText('Manzanas rojas del Alto Valle, 10 kg.')).toBeVisible();
    expect(within(manzanas).getByText('$ 12.500,50')).toBeVisible();
    expect(within(manzanas).getByText('Stock: 40')).toBeVisible();
    expect(within(manzanas).getByText('Total grupo:')).toBeVisible();
    expect(manzanas.querySelector('[data-slot="total-grupo"]')).toHaveTextContent('Total grupo:10');
    expect(within(manzanas).getByRole('button', { name: 'Editar' })).toBeEnabled();

    const peras = tarjeta('Peras Williams');
    expect(within(peras).getByText('No disponible')).toBeVisible();
    const stock = peras.querySelector('[data-slot="stock"]');
    expect(stock).toHaveTextContent('Sin stock');
    expect(stock?.className).toContain('text-destructive');
    expect(within(peras).queryByRole('img')).toBeNull();
  });

  it("opens from Mi Tienda's panel with the focus on its title, and goes back to the action", async () => {
    mockMisProductosApi();
    const { user, router } = renderApp('/my-store');
    await user.click(await screen.findByRole('button', { name: /^Mis Productos/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Productos' })).toHaveFocus();
    expect(router.state.location.search).toBe('?seccion=mis-productos');
    expect(await screen.findByRole('article', { name: 'Cajón de manzanas' })).toBeVisible();
    expect(screen.queryByText('Próximamente')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Volver a Mi Tienda' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Mis Productos/ })).toHaveFocus(),
    );
  });

  it("searches by name (ignoring accents), says 'No se encontraron productos' and clears the search", async () => {
    mockMisProductosApi({ productos: [MANZANAS, PERAS] });
    const { user } = await abrir();
    const buscar = await screen.findByRole('searchbox', { name: 'Buscar por nombre' });
    await user.type(buscar, 'PERÁS');
    expect(tarjeta('Peras Williams')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Cajón de manzanas' })).toBeNull();

    await user.clear(buscar);
    await user.type(buscar, 'kiwi');
    expect(
      screen.getByRole('heading', { level: 3, name: 'No se encontraron productos' }),
    ).toBeVisible();
    const limpiar = screen.getAllByRole('button', { name: 'Limpiar búsqueda' });
    await user.click(limpiar[limpiar.length - 1] as HTMLElement);
    expect(buscar).toHaveValue('');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it("says 'No tienes productos' without a search, links to /product-form and goes back to Mi Tienda", async () => {
    mockMisProductosApi({ productos: [] });
    const { user } = await abrir();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'No tienes productos' }),
    ).toBeVisible();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cargar Producto' })).toHaveAttribute(
      'href',
      '/product-form',
    );
    const volver = screen.getAllByRole('button', { name: 'Volver a Mi Tienda' });
    expect(volver).toHaveLength(2);
    await user.click(volver[1] as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Tu tienda está activa!' }),
    ).toBeVisible();
  });

  it('shows skeletons while loading', async () => {
    mockMisProductosApi({ productos: 'pendiente' });
    await abrir();
    expect(await screen.findByText('Cargando tus productos…')).toBeInTheDocument();
  });

  it("says 'No se pudieron cargar los productos' when the list fails, and tries again", async () => {
    const { estado } = mockMisProductosApi({ productos: 'error-servidor' });
    const { user } = await abrir();
    await expectToast('Error', 'No se pudieron cargar los productos');
    estado.productos = [MANZANAS];
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Cajón de manzanas' })).toBeVisible();
  });

  it('asks before withdrawing a product, withdraws it and says what the server said', async () => {
    const { calls } = mockMisProductosApi({ productos: [MANZANAS, PERAS] });
    const { user } = await abrir();
    await screen.findByRole('article', { name: 'Cajón de manzanas' });
    await user.click(screen.getByRole('button', { name: 'Retirar Cajón de manzanas de la venta' }));
    const dialogo = await screen.findByRole('dialog', {
      name: '¿Retirar «Cajón de manzanas» de la venta?',
    });
    expect(dialogo).toHaveTextContent('El producto dejará de venderse');
    // Cancelling sends nothing.
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, `/api/producto/${MANZANAS._id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retirar Cajón de manzanas de la venta' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retirar producto' }),
    );
    await expectToast('Producto retirado de la venta');
    const [retiro] = callsTo(calls, `/api/producto/${MANZANAS._id}`);
    expect(retiro?.method).toBe('DELETE');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Cajón de manzanas' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { level: 2, name: /Tus productos/ })).toHaveTextContent('1');
  });

  it("shows the server's reason when a product with paid places cannot be withdrawn (409)", async () => {
    mockMisProductosApi({ retirar: RETIRO_CON_LUGARES_PAGADOS });
    const { user } = await abrir();
    await user.click(
      await screen.findByRole('button', { name: 'Retirar Cajón de manzanas de la venta' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retirar producto' }),
    );
    const aviso = await expectToast(
      'No se pudo retirar el producto',
      RETIRO_CON_LUGARES_PAGADOS.mensaje,
    );
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(tarjeta('Cajón de manzanas')).toBeVisible();
  });

  describe('edit dialog', () => {
    async function editar(nombre = 'Cajón de manzanas') {
      const vista = await abrir();
      const card = await screen.findByRole('article', { name: nombre });
      await vista.user.click(within(card).getByRole('button', { name: 'Editar' }));
      const dialogo = await screen.findByRole('dialog', { name: 'Editar producto' });
      await within(dialogo).findByRole('checkbox', { name: 'Frutas' });
      return { ...vista, dialogo };
    }

    it('shows the product: fields, local categories checked, and its current picture', async () => {
      mockMisProductosApi();
      const { dialogo } = await editar();
      const d = within(dialogo);
      expect(d.getByLabelText(/Nombre/)).toHaveValue('Cajón de manzanas');
      expect(d.getByLabelText('Descripción')).toHaveValue('Manzanas rojas del Alto Valle, 10 kg.');
      expect(d.getByLabelText(/Precio/)).toHaveValue('12.500,50');
      expect(d.getByLabelText(/Precio/)).toHaveAttribute('inputmode', 'decimal');
      expect(d.getByLabelText(/Stock/)).toHaveValue('40');
      expect(d.getByLabelText(/Total grupo/)).toHaveValue('10');
      expect(d.getByRole('checkbox', { name: 'Frutas' })).toBeChecked();
      expect(d.getByRole('checkbox', { name: 'Verduras' })).not.toBeChecked();
      expect(d.getByText('Imagen actual')).toBeVisible();
      expect(d.getByRole('img', { name: 'Imagen actual de Cajón de manzanas' })).toHaveAttribute(
        'src',
        '/uploads/productos/manzanas.jpg',
      );
    });

    it("prefills 'Embalaje' with the product's own package (kg in steps of 0.1, cm)", async () => {
      mockMisProductosApi({
        productos: [crearProducto({ paquete: { peso: 2.4, largo: 40, ancho: 30, alto: 12.5 } })],
      });
      const { dialogo } = await editar();
      const embalaje = within(within(dialogo).getByRole('group', { name: 'Embalaje' }));
      expect(
        embalaje.getByText('Una unidad lista para enviar. Con esto se calcula el envío.'),
      ).toBeVisible();
      expect(embalaje.getByLabelText('Peso (kg)')).toHaveValue(2.4);
      expect(embalaje.getByLabelText('Peso (kg)')).toHaveAttribute('step', '0.1');
      expect(embalaje.getByLabelText('Largo (cm)')).toHaveValue(40);
      expect(embalaje.getByLabelText('Ancho (cm)')).toHaveValue(30);
      expect(embalaje.getByLabelText('Alto (cm)')).toHaveValue(12.5);
    });

    it("checks the package with the contract's bounds and sends the new one as `paquete`", async () => {
      const { calls } = mockMisProductosApi();
      const { user, dialogo } = await editar();
      const d = within(dialogo);
      const guardar = d.getByRole('button', { name: 'Guardar cambios' });

      await user.clear(d.getByLabelText('Peso (kg)'));
      await user.clear(d.getByLabelText('Alto (cm)'));
      await user.type(d.getByLabelText('Alto (cm)'), '350');
      await user.click(guardar);
      expect(await d.findByText('Ingresa el peso')).toBeVisible();
      expect(d.getByText('El alto debe estar entre 1 y 300 cm')).toBeVisible();
      expect(d.getByLabelText('Alto (cm)')).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo(calls, `/api/producto/${MANZANAS._id}`)).toHaveLength(0);

      await user.type(d.getByLabelText('Peso (kg)'), '12.3');
      await user.clear(d.getByLabelText('Alto (cm)'));
      await user.type(d.getByLabelText('Alto (cm)'), '28');
      await user.click(guardar);
      await expectToast('El producto se ha actualizado correctamente');
      const form = callsTo(calls, `/api/producto/${MANZANAS._id}`)[0]?.body as FormData;
      expect(JSON.parse(String(form.get('paquete')))).toEqual({
        peso: 12.3,
        largo: 50,
        ancho: 30,
        alto: 28,
      });
    });

    it("says 'Sin imagen' for a product without one", async () => {
      mockMisProductosApi({ productos: [PERAS] });
      const { dialogo } = await editar('Peras Williams');
      expect(within(dialogo).getByText('Sin imagen')).toBeVisible();
    });

    it("requires the name ('El nombre del producto es requerido') and sends nothing", async () => {
      const { calls } = mockMisProductosApi();
      const { user, dialogo } = await editar();
      const nombre = within(dialogo).getByLabelText(/Nombre/);
      await user.clear(nombre);
      await user.type(nombre, '   ');
      await user.click(within(dialogo).getByRole('button', { name: 'Guardar cambios' }));
      expect(await within(dialogo).findByText('El nombre del producto es requerido')).toBeVisible();
      expect(nombre).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo(calls, `/api/producto/${MANZANAS._id}`)).toHaveLength(0);
    });

    it("sends the multipart form (categories as a JSON array, the new picture) and says 'El producto se ha actualizado correctamente'", async () => {
      const { calls } = mockMisProductosApi();
      const { user, dialogo } = await editar();
      const d = within(dialogo);
      await user.clear(d.getByLabelText(/Nombre/));
      await user.type(d.getByLabelText(/Nombre/), '  Cajón de manzanas verdes ');
      await user.clear(d.getByLabelText(/Precio/));
      await user.type(d.getByLabelText(/Precio/), '1.500,75');
      await user.clear(d.getByLabelText(/Stock/));
      await user.type(d.getByLabelText(/Stock/), '0');
      await user.click(d.getByRole('checkbox', { name: 'Verduras' }));
      await user.upload(
        d.getByLabelText('Subir nueva imagen'),
        new File(['x'], 'foto.png', { type: 'image/png' }),
      );
      expect(await d.findByRole('img', { name: 'Imagen nueva: foto.jpg' })).toBeVisible();
      await user.click(d.getByRole('button', { name: 'Guardar cambios' }));

      await expectToast('El producto se ha actualizado correctamente');
      const [put] = callsTo(calls, `/api/producto/${MANZANAS._id}`);
      expect(put?.method).toBe('PUT');
      const form = put?.body as FormData;
      expect(
        Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')),
      ).toEqual({
        nombre: 'Cajón de manzanas verdes',
        descripcion: 'Manzanas rojas del Alto Valle, 10 kg.',
        precio: '1500.75',
        stock: '0',
        cantidadTotalGrupo: '10',
        categoriaLocalId: JSON.stringify([categoriaLocalId(1), categoriaLocalId(2)]),
        // Untouched, the product's own package.
        paquete: JSON.stringify({ peso: 10.5, largo: 50, ancho: 30, alto: 25 }),
      });
      expect((form.get('imagen') as File).name).toBe('foto.jpg');

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const card = await screen.findByRole('article', { name: 'Cajón de manzanas verdes' });
      expect(within(card).getByText('$ 1.500,75')).toBeVisible();
      expect(within(card).getByText('Sin stock')).toBeVisible();
    });

    it('keeps the picture when no new one is chosen (no imagen in the form)', async () => {
      const { calls } = mockMisProductosApi();
      const { user, dialogo } = await editar();
      await user.click(within(dialogo).getByRole('button', { name: 'Guardar cambios' }));
      await expectToast('El producto se ha actualizado correctamente');
      const form = callsTo(calls, `/api/producto/${MANZANAS._id}`)[0]?.body as FormData;
      expect(form.has('imagen')).toBe(false);
    });

    it("says 'Error al procesar imagen' when the picture cannot be processed", async () => {
      vi.mocked(processImage).mockRejectedValue(new Error('No se pudo procesar la imagen'));
      mockMisProductosApi();
      const { user, dialogo } = await editar();
      await user.upload(
        within(dialogo).getByLabelText('Subir nueva imagen'),
        new File(['x'], 'foto.png', { type: 'image/png' }),
      );
      await expectToast('Error al procesar imagen', 'No se pudo procesar la imagen');
      expect(within(dialogo).getByText('Imagen actual')).toBeVisible();
    });

    it.each([
      ['the server fails', 'error-servidor' as const, 'No se pudo actualizar el producto'],
      [
        'the server refuses a field',
        { status: 400, mensaje: 'El stock debe ser un número entero', campo: 'stock' },
        'El stock debe ser un número entero',
      ],
    ])('says so when %s', async (_caso, editar_, mensaje) => {
      mockMisProductosApi({ editar: editar_ });
      const { user, dialogo } = await editar();
      await user.click(within(dialogo).getByRole('button', { name: 'Guardar cambios' }));
      const aviso = await expectToast('Error', mensaje);
      expect(aviso).toHaveAttribute('data-type', 'error');
      expect(screen.getByRole('dialog', { name: 'Editar producto' })).toBeVisible();
    });

    it('is a bottom drawer on a phone', async () => {
      setViewport(MOBILE_WIDTH);
      mockMisProductosApi();
      const { dialogo } = await editar();
      expect(dialogo).toHaveAttribute('data-vaul-drawer-direction', 'bottom');
    });
  });
});
