import { ENTREGA_EN_GRUPO_APAGADA } from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { processImage } from '@/lib/image-rule';
import { callsTo, crearTiendaDelVendedor, mockMiTiendaApi } from '@/test/mi-tienda-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';

vi.mock('@/lib/image-rule', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/image-rule')>()),
  processImage: vi.fn(),
}));

/** What the image rule hands back: a JPEG of 256 KB (0,25 MB). */
const procesado = new File([new Uint8Array(256 * 1024)], 'mi-logo.jpg', { type: 'image/jpeg' });
const elegido = () =>
  new File([new Uint8Array(3 * 1024 * 1024)], 'mi-logo.png', { type: 'image/png' });

async function abrirEdicion() {
  const vista = renderApp('/my-store?seccion=editar-tienda');
  // The first render of the file loads the route's lazy chunk: on a busy machine that alone can
  // outlast the usual wait.
  await screen.findByRole('heading', { level: 1, name: 'Editar Tienda' }, { timeout: 15_000 });
  await screen.findByLabelText(/Nombre de la tienda/);
  return vista;
}

const campo = (nombre: RegExp) => screen.getByLabelText(nombre);

describe('Editar Tienda', () => {
  beforeEach(() => {
    storeToken(makeToken());
    vi.mocked(processImage).mockReset();
    vi.mocked(processImage).mockResolvedValue(procesado);
  });

  it('shows the store in the form: name, description, phone (tel), email (email), legal name and the current logo', async () => {
    mockMiTiendaApi();
    await abrirEdicion();
    expect(campo(/Nombre de la tienda/)).toHaveValue('Verdulería La Huerta');
    expect(campo(/Descripción/)).toHaveValue(
      'Frutas y verduras de estación, directo del productor.',
    );
    expect(campo(/Teléfono/)).toHaveValue('+54 11 4444-5555');
    expect(campo(/Teléfono/)).toHaveAttribute('type', 'tel');
    expect(campo(/Email/)).toHaveValue('hola@lahuerta.com.ar');
    expect(campo(/Email/)).toHaveAttribute('type', 'email');
    expect(campo(/Razón social/)).toHaveValue('La Huerta S.R.L.');
    expect(screen.getByRole('img', { name: 'Logo de Verdulería La Huerta' })).toHaveAttribute(
      'src',
      '/uploads/tiendas/la-huerta.jpg',
    );
    expect(screen.getByText('Logo actual')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Actualizar Tienda' })).toBeEnabled();
  });

  it("says what each required field needs, in the spec's words, and sends nothing", async () => {
    const { calls } = mockMiTiendaApi();
    const { user } = await abrirEdicion();
    for (const nombre of [/Nombre de la tienda/, /Teléfono/, /Email/, /Razón social/]) {
      await user.clear(campo(nombre));
    }
    // Only spaces count as empty too.
    await user.type(campo(/Nombre de la tienda/), '   ');
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));

    expect(await screen.findByText('El nombre de la tienda es obligatorio')).toBeVisible();
    expect(screen.getByText('El teléfono es obligatorio')).toBeVisible();
    expect(screen.getByText('El email es obligatorio')).toBeVisible();
    expect(screen.getByText('La razón social es obligatoria')).toBeVisible();
    expect(campo(/Nombre de la tienda/)).toHaveAttribute('aria-invalid', 'true');
    expect(campo(/Nombre de la tienda/)).toHaveAccessibleDescription(
      'El nombre de la tienda es obligatorio',
    );
    expect(callsTo(calls, '/api/tienda/editar/')).toHaveLength(0);
  });

  it('refuses an email that is not one', async () => {
    mockMiTiendaApi();
    const { user } = await abrirEdicion();
    await user.clear(campo(/Email/));
    await user.type(campo(/Email/), 'hola@');
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    expect(await screen.findByText('El email no es válido')).toBeVisible();
  });

  it("sends the multipart form with the new logo, says 'Tienda actualizada correctamente' and goes back", async () => {
    const { calls } = mockMiTiendaApi();
    const { user, router } = await abrirEdicion();
    await user.clear(campo(/Nombre de la tienda/));
    await user.type(campo(/Nombre de la tienda/), '  La Huerta de Ana  ');
    await user.clear(campo(/Email/));
    await user.type(campo(/Email/), 'Ventas@LaHuerta.com.ar');
    await user.upload(screen.getByLabelText('Subir nuevo logo'), elegido());

    // The chosen file went through the image rule; its result shows with its size.
    expect(processImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'mi-logo.png' }));
    const archivo = await screen.findByText('mi-logo.jpg');
    expect(archivo.closest('[data-slot="archivo-logo"]')).toHaveTextContent(
      'mi-logo.jpg (0,25 MB)',
    );
    expect(screen.getByRole('img', { name: 'Nuevo logo: mi-logo.jpg' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Tienda actualizada correctamente');

    const [put] = callsTo(calls, '/api/tienda/editar/');
    expect(put?.url).toBe(`/api/tienda/editar/${USER_ID}`);
    expect(put?.method).toBe('PUT');
    expect(put?.headers.get('Authorization')).toMatch(/^Bearer /);
    // The browser sets the multipart boundary itself.
    expect(put?.headers.get('Content-Type')).toBeNull();
    const form = put?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')),
    ).toEqual({
      nombre: 'La Huerta de Ana',
      descripcion: 'Frutas y verduras de estación, directo del productor.',
      telefono: '+54 11 4444-5555',
      email: 'ventas@lahuerta.com.ar',
      razonSocial: 'La Huerta S.R.L.',
      // The store does not offer it, and still does not.
      entregaEnGrupo: JSON.stringify(ENTREGA_EN_GRUPO_APAGADA),
    });
    const logo = form.get('logoTienda') as File;
    expect(logo.name).toBe('mi-logo.jpg');
    expect(logo.type).toBe('image/jpeg');
    expect(logo.size).toBe(procesado.size);

    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Tu tienda está activa!' }),
    ).toBeVisible();
    expect(router.state.location.search).toBe('');
    // The panel shows the store as it is now.
    expect(await screen.findByText('La Huerta de Ana')).toBeVisible();
  });

  it('keeps the current logo when no new one is chosen (no logoTienda in the form)', async () => {
    const { calls } = mockMiTiendaApi();
    const { user } = await abrirEdicion();
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Tienda actualizada correctamente');
    const form = callsTo(calls, '/api/tienda/editar/')[0]?.body as FormData;
    expect(form.has('logoTienda')).toBe(false);
  });

  it("asks for a logo when the store has none and none was chosen ('Logo requerido')", async () => {
    const { calls } = mockMiTiendaApi({ tienda: crearTiendaDelVendedor({ logo: null }) });
    const { user } = await abrirEdicion();
    expect(screen.getByText('Sin logo')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Logo requerido', 'Por favor selecciona un logo');
    expect(screen.getByLabelText('Subir nuevo logo')).toHaveAccessibleDescription(
      expect.stringContaining('Por favor selecciona un logo'),
    );
    expect(callsTo(calls, '/api/tienda/editar/')).toHaveLength(0);

    await user.upload(screen.getByLabelText('Subir nuevo logo'), elegido());
    await screen.findByText('mi-logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Tienda actualizada correctamente');
  });

  it("says 'Error al procesar imagen' when the image rule refuses the file, and clears the input", async () => {
    vi.mocked(processImage).mockRejectedValue(
      new Error(
        'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.',
      ),
    );
    mockMiTiendaApi();
    const { user } = await abrirEdicion();
    const input = screen.getByLabelText('Subir nuevo logo') as HTMLInputElement;
    await user.upload(input, elegido());
    await expectToast(
      'Error al procesar imagen',
      'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.',
    );
    expect(input.value).toBe('');
    expect(screen.queryByText('mi-logo.jpg')).toBeNull();
  });

  it("says 'No se pudo conectar al servidor' when saving fails, and stays on the form", async () => {
    mockMiTiendaApi({ editar: 'error-servidor' });
    const { user } = await abrirEdicion();
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Error', 'No se pudo conectar al servidor');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Tienda' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Actualizar Tienda' })).toBeEnabled();
  });

  it("says 'No se pudo conectar al servidor' without a connection", async () => {
    mockMiTiendaApi({ editar: 'sin-conexion' });
    const { user } = await abrirEdicion();
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Error', 'No se pudo conectar al servidor');
  });

  it("shows the server's message when it refuses the data", async () => {
    mockMiTiendaApi({ editar: { status: 400, mensaje: 'El teléfono no es válido' } });
    const { user } = await abrirEdicion();
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    await expectToast('Error', 'El teléfono no es válido');
  });

  it("disables 'Actualizar Tienda' while saving, so the form goes once", async () => {
    const { calls } = mockMiTiendaApi({ editar: 'pendiente' });
    const { user } = await abrirEdicion();
    await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
    const enviando = await screen.findByRole('button', { name: 'Actualizando…' });
    expect(enviando).toBeDisabled();
    await user.click(enviando);
    expect(callsTo(calls, '/api/tienda/editar/')).toHaveLength(1);
  });

  it('goes back to the panel with Cancelar, saving nothing', async () => {
    const { calls } = mockMiTiendaApi();
    const { user } = await abrirEdicion();
    await user.type(campo(/Nombre de la tienda/), ' nuevo');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Tu tienda está activa!' }),
    ).toBeVisible();
    expect(callsTo(calls, '/api/tienda/editar/')).toHaveLength(0);
  });

  describe('Entrega en grupo', () => {
    const seccion = () => screen.getByRole('group', { name: 'Entrega en grupo' });
    const precio = (etiqueta: string) => within(seccion()).getByLabelText(etiqueta);
    const enviado = (calls: Parameters<typeof callsTo>[0]) => {
      const form = callsTo(calls, '/api/tienda/editar/')[0]?.body as FormData | undefined;
      return JSON.parse(String(form?.get('entregaEnGrupo')));
    };

    it("loads the store's prices, es-AR, and sends them as JSON with what was changed", async () => {
      const { calls } = mockMiTiendaApi({
        tienda: crearTiendaDelVendedor({
          entregaEnGrupo: { activa: true, base: 2500, porKm: 350.5, minimo: 700 },
        }),
      });
      const { user } = await abrirEdicion();
      expect(
        within(seccion()).getByText(
          'Una sola ruta por grupo completo: el envío baja para cada vecino que se suma.',
        ),
      ).toBeVisible();
      expect(
        within(seccion()).getByRole('switch', { name: 'Ofrecer Entrega en grupo' }),
      ).toBeChecked();
      expect(precio('Precio base por ruta')).toHaveValue('2.500');
      expect(precio('Precio por km')).toHaveValue('350,50');
      expect(precio('Mínimo por miembro')).toHaveValue('700');

      await user.clear(precio('Mínimo por miembro'));
      await user.type(precio('Mínimo por miembro'), '1.200');
      await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
      await expectToast('Tienda actualizada correctamente');
      expect(enviado(calls)).toEqual({ activa: true, base: 2500, porKm: 350.5, minimo: 1200 });
    });

    it('turned on for a store without it, proposes prices and sends them', async () => {
      const { calls } = mockMiTiendaApi();
      const { user } = await abrirEdicion();
      const interruptor = within(seccion()).getByRole('switch', {
        name: 'Ofrecer Entrega en grupo',
      });
      expect(interruptor).not.toBeChecked();
      expect(within(seccion()).queryByLabelText('Precio base por ruta')).toBeNull();

      await user.click(interruptor);
      expect(precio('Precio base por ruta')).toHaveValue('3.000');
      expect(precio('Precio por km')).toHaveValue('400');
      expect(precio('Mínimo por miembro')).toHaveValue('600');
      await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
      await expectToast('Tienda actualizada correctamente');
      expect(enviado(calls)).toEqual({ activa: true, base: 3000, porKm: 400, minimo: 600 });
    });

    it('turned off, sends it off', async () => {
      const { calls } = mockMiTiendaApi({
        tienda: crearTiendaDelVendedor({
          entregaEnGrupo: { activa: true, base: 2500, porKm: 300, minimo: 700 },
        }),
      });
      const { user } = await abrirEdicion();
      await user.click(within(seccion()).getByRole('switch'));
      await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
      await expectToast('Tienda actualizada correctamente');
      expect(enviado(calls)).toEqual(ENTREGA_EN_GRUPO_APAGADA);
    });

    it('refuses prices the contract refuses, with its Spanish message under each, and sends nothing', async () => {
      const { calls } = mockMiTiendaApi({
        tienda: crearTiendaDelVendedor({
          entregaEnGrupo: { activa: true, base: 2500, porKm: 300, minimo: 700 },
        }),
      });
      const { user } = await abrirEdicion();
      await user.clear(precio('Precio base por ruta'));
      await user.clear(precio('Precio por km'));
      await user.type(precio('Precio por km'), '150.000');
      await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));

      expect(
        await within(seccion()).findByText(
          'El precio base por ruta debe ser un número entre 0 y 1.000.000',
        ),
      ).toBeVisible();
      expect(precio('Precio base por ruta')).toHaveAttribute('aria-invalid', 'true');
      expect(precio('Precio por km')).toHaveAccessibleDescription(
        'El precio por km debe ser un número entre 0 y 100.000',
      );
      expect(callsTo(calls, '/api/tienda/editar/')).toHaveLength(0);

      await user.type(precio('Precio base por ruta'), '2.800');
      await user.clear(precio('Precio por km'));
      await user.type(precio('Precio por km'), '320');
      await waitFor(() => expect(precio('Precio por km')).not.toHaveAttribute('aria-invalid'));
      await user.click(screen.getByRole('button', { name: 'Actualizar Tienda' }));
      await expectToast('Tienda actualizada correctamente');
      expect(enviado(calls)).toEqual({ activa: true, base: 2800, porKm: 320, minimo: 700 });
    });
  });

  it("says 'No se pudo cargar la información de la tienda' and closes when the store cannot be loaded", async () => {
    mockMiTiendaApi({ tienda: 'error-servidor' });
    const { router } = renderApp('/my-store?seccion=editar-tienda');
    await expectToast('Error', 'No se pudo cargar la información de la tienda');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const panel = await screen.findByRole('heading', { level: 1, name: '¡Tu tienda está activa!' });
    expect(within(panel.closest('section') as HTMLElement).queryByText('Editar Tienda')).toBeNull();
  });
});
