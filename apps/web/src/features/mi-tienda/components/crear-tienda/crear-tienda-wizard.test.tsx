import {
  categoriasSchema,
  coberturasSchema,
  crearTiendaResponseSchema,
  ENTREGA_EN_GRUPO_APAGADA,
  esVendedorResponseSchema,
} from '@compra-grupal/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { LocationPickerProps, UbicacionElegida } from '@/entities/ubicacion/model/ubicacion';
import { IMAGE_ERROR_FORMATO, processImage } from '@/lib/image-rule';
import { usuarioKeys } from '@/lib/session/usuario-keys';
import { checked, contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { crearTiendaDelVendedor } from '@/test/mi-tienda-api';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { storeToken, USER_ID } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';
import { CrearTiendaWizard, type CrearTiendaWizardProps } from './crear-tienda-wizard';

// Toasts outlive every test here, so a toast that goes was sent away by its cause, not by time.
vi.mock('@/config/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/config/ui')>()),
  TOAST_DURATION_MS: 10 * 60_000,
}));

vi.mock('@/lib/image-rule', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/image-rule')>();
  return { ...original, processImage: vi.fn() };
});

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
const TIENDA_ID = id('d', 1);

const CATEGORIAS = checked(categoriasSchema, [
  { _id: id('ca', 1), nombre: 'Almacén' },
  { _id: id('ca', 2), nombre: 'Verdulería' },
  { _id: id('ca', 3), nombre: 'Electrónica' },
]);

const COBERTURAS = checked(coberturasSchema, [
  { _id: id('cb', 1), nombre: 'Barrio', descripcion: 'Entregas en tu barrio y alrededores', km: 2 },
  { _id: id('cb', 2), nombre: 'Ciudad', descripcion: 'Toda la ciudad', km: 15 },
]);

const UBICACION: UbicacionElegida = {
  address: 'Av. Corrientes 1234, San Nicolás',
  lat: -34.6037,
  lng: -58.3816,
  postalCode: 'C1043',
  province: 'Ciudad Autónoma de Buenos Aires',
  city: 'Buenos Aires',
};

const RESPUESTA_CREAR = {
  mensaje: 'Tienda creada',
  tienda: {
    ...crearTiendaDelVendedor({
      _id: TIENDA_ID,
      nombre: 'Almacén Don Pepe',
      descripcion: 'Productos frescos',
      logo: '/uploads/tiendas/logo.jpg',
      telefono: '11 5555-1234',
      email: 'tienda@example.com',
      razonSocial: 'Don Pepe S.R.L.',
    }),
    habilitada: false,
  },
};

/** What the stand-in map picker confirms, and where it was opened. */
let ubicacionDelMapa: UbicacionElegida = UBICACION;
let aperturas: LocationPickerProps['initialLocation'][] = [];

/** A stand-in for the map picker: one button confirms `ubicacionDelMapa`. */
function FakeLocationPicker({
  open,
  onOpenChange,
  onConfirm,
  initialLocation,
}: LocationPickerProps) {
  if (!open) return null;
  aperturas.push(initialLocation);
  return (
    <div role="dialog" aria-label="Mapa de prueba">
      <button
        type="button"
        onClick={() => {
          onConfirm(ubicacionDelMapa);
          onOpenChange(false);
        }}
      >
        Confirmar ubicación
      </button>
    </div>
  );
}

type Answer = (call: FetchCall) => Response | Promise<Response>;

/** The API: categories, coverages, store creation and the seller conversion. */
function mockApi({
  crear = () => contractJson(crearTiendaResponseSchema, RESPUESTA_CREAR, 201),
  categorias = () => contractJson(categoriasSchema, CATEGORIAS),
  coberturas = () => contractJson(coberturasSchema, COBERTURAS),
}: {
  crear?: Answer;
  categorias?: Answer;
  coberturas?: Answer;
} = {}) {
  return mockFetch((call) => {
    if (call.url.endsWith('/api/categoria/getAllCategoria')) return categorias(call);
    if (call.url.endsWith('/api/cobertura/obtenerCoberturas')) return coberturas(call);
    if (call.url.endsWith('/api/tienda/crear')) return crear(call);
    if (call.url.endsWith('/api/usuario/convertirEnVendedor')) {
      return contractJson(esVendedorResponseSchema, { esVendedor: true });
    }
    return json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404);
  });
}

function renderWizard(props: Partial<CrearTiendaWizardProps> = {}) {
  const onOpenChange = vi.fn();
  const onCreated = vi.fn();
  const queryClient = createTestQueryClient();
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <AppProviders queryClient={queryClient}>
      <CrearTiendaWizard
        open
        onOpenChange={onOpenChange}
        onCreated={onCreated}
        usuarioId={USER_ID}
        LocationPicker={FakeLocationPicker}
        {...props}
      />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Configurar Tienda' });
  return { user, onOpenChange, onCreated, queryClient, dialog };
}

type User = ReturnType<typeof userEvent.setup>;

const siguiente = (user: User) => user.click(screen.getByRole('button', { name: 'Siguiente' }));

async function escribirYAvanzar(user: User, etiqueta: string, valor: string) {
  const campo = await screen.findByLabelText(etiqueta);
  await waitFor(() => expect(campo).toHaveFocus());
  await user.type(campo, valor);
  await siguiente(user);
}

/** Steps 1 to 5, leaving the wizard on step 6. */
async function completarTextos(user: User) {
  await escribirYAvanzar(user, 'Nombre de la tienda', 'Almacén Don Pepe');
  await completarTextosDesdeDescripcion(user);
}

async function completarTextosDesdeDescripcion(user: User) {
  await escribirYAvanzar(user, 'Descripción', 'Productos frescos');
  await escribirYAvanzar(user, 'Teléfono de contacto', '11 5555-1234');
  await escribirYAvanzar(user, 'Email de contacto', 'tienda@example.com');
  await escribirYAvanzar(user, 'Razón social', 'Don Pepe S.R.L.');
}

/** Step 7 through the map and the details dialog. */
async function confirmarUbicacion(user: User, departamento = '') {
  await user.click(screen.getByRole('button', { name: /Elegir ubicación en el mapa/ }));
  await user.click(screen.getByRole('button', { name: 'Confirmar ubicación' }));
  const detalles = await screen.findByRole('dialog', { name: 'Detalles de la dirección' });
  if (departamento) {
    await user.type(within(detalles).getByLabelText(/Departamento/), departamento);
  }
  await user.click(within(detalles).getByRole('button', { name: 'Confirmar' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Detalles de la dirección' })).toBeNull(),
  );
}

/** Steps 1 to 7, leaving the wizard on the coverage step. */
async function llegarALaCobertura(user: User) {
  await completarTextos(user);
  await user.click(await screen.findByRole('option', { name: 'Almacén' }));
  await siguiente(user);
  await confirmarUbicacion(user);
  await siguiente(user);
  await screen.findByRole('group', { name: 'Cobertura de entrega' });
}

/** The 'Entrega en grupo' section of the coverage step. */
const entregaEnGrupo = () => screen.getByRole('group', { name: 'Entrega en grupo' });

/** Replaces what a price field holds. */
async function escribirPrecio(user: User, etiqueta: string, valor: string) {
  const campo = within(entregaEnGrupo()).getByLabelText(etiqueta);
  await user.clear(campo);
  if (valor) await user.type(campo, valor);
}

/** Steps 1 to 8, leaving the wizard on the logo step. */
async function llegarAlLogo(user: User) {
  await completarTextos(user);
  await completarDesdeCategoria(user);
}

/** Steps 2 to 8. */
async function completarDesdeDescripcion(user: User) {
  await completarTextosDesdeDescripcion(user);
  await completarDesdeCategoria(user);
}

async function completarDesdeCategoria(user: User) {
  await user.click(await screen.findByRole('option', { name: 'Almacén' }));
  await siguiente(user);
  await confirmarUbicacion(user, '4° B');
  await siguiente(user);
  await user.click(await screen.findByRole('radio', { name: /Barrio/ }));
  await siguiente(user);
  await screen.findByLabelText('Logo (opcional)');
}

const logoOriginal = () => new File(['png'], 'mi logo.png', { type: 'image/png' });
const logoProcesado = () => new File(['jpeg'], 'mi logo.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  ubicacionDelMapa = UBICACION;
  aperturas = [];
  storeToken();
  vi.mocked(processImage).mockImplementation(async () => logoProcesado());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CrearTiendaWizard', () => {
  it("opens full screen on step 1: 'Paso 1 de 9', 11% and the nine chips", async () => {
    mockApi();
    const { dialog } = renderWizard();

    expect(within(dialog).getByText('Paso 1 de 9')).toBeInTheDocument();
    expect(within(dialog).getByText('11% completado')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '9');
    const chips = within(within(dialog).getByRole('list', { name: 'Pasos' })).getAllByRole(
      'listitem',
    );
    expect(chips.map((chip) => chip.textContent)).toEqual([
      '1Nombre',
      '2Descripción',
      '3Teléfono',
      '4Email',
      '5Razón social',
      '6Categoría',
      '7Ubicación',
      '8Cobertura',
      '9Logo',
    ]);
    expect(chips[0]).toHaveAttribute('aria-current', 'step');
    expect(within(dialog).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await waitFor(() => expect(screen.getByLabelText('Nombre de la tienda')).toHaveFocus());
  });

  it("blocks Siguiente on an empty step with 'Campo requerido', moves on with Enter and back with Anterior", async () => {
    mockApi();
    const { user, dialog } = renderWizard();

    await user.type(screen.getByLabelText('Nombre de la tienda'), '   ');
    await siguiente(user);
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
    expect(within(dialog).getByText('Paso 1 de 9')).toBeInTheDocument();

    // The field fixed, its toast goes before Siguiente, long before it would time out.
    await user.clear(screen.getByLabelText('Nombre de la tienda'));
    await user.type(screen.getByLabelText('Nombre de la tienda'), 'A');
    await waitFor(() => expect(screen.queryByText('Campo requerido')).toBeNull());
    await user.type(screen.getByLabelText('Nombre de la tienda'), 'lmacén Don Pepe');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Paso 2 de 9')).toBeInTheDocument();
    expect(within(dialog).getByText('22% completado')).toBeInTheDocument();
    const chips = within(dialog).getAllByRole('listitem');
    expect(chips[0]).toHaveTextContent('Nombre (completado)');
    expect(chips[1]).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(screen.getByLabelText('Descripción')).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Anterior' }));
    expect(within(dialog).getByText('Paso 1 de 9')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre de la tienda')).toHaveValue('Almacén Don Pepe');
  });

  it('asks for a tel and an email input on steps 3 and 4', async () => {
    mockApi();
    const { user } = renderWizard();
    await escribirYAvanzar(user, 'Nombre de la tienda', 'Almacén');
    await escribirYAvanzar(user, 'Descripción', 'Todo');
    expect(await screen.findByLabelText('Teléfono de contacto')).toHaveAttribute('type', 'tel');
    await escribirYAvanzar(user, 'Teléfono de contacto', '1155551234');
    expect(await screen.findByLabelText('Email de contacto')).toHaveAttribute('type', 'email');
  });

  it("searches the categories, says 'No se encontró ninguna categoría.' and picks one with the keyboard", async () => {
    mockApi();
    const { user, dialog } = renderWizard();
    await completarTextos(user);
    expect(within(dialog).getByText('Paso 6 de 9')).toBeInTheDocument();

    const busqueda = await screen.findByRole('combobox', { name: 'Categoría' });
    await waitFor(() => expect(busqueda).toHaveFocus());
    expect(await screen.findAllByRole('option')).toHaveLength(3);

    await user.type(busqueda, 'xyz');
    expect(screen.getByText('No se encontró ninguna categoría.')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    // Nothing chosen yet: Enter is blocked like Siguiente.
    await user.keyboard('{Enter}');
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');

    await user.clear(busqueda);
    await user.type(busqueda, 'electronica');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Electrónica',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('option', { name: 'Electrónica' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByText('Paso 6 de 9')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Paso 7 de 9')).toBeInTheDocument();
  });

  it("takes the address through the map and the details dialog ('Volver al mapa', 'Confirmar')", async () => {
    mockApi();
    const { user, dialog } = renderWizard();
    await completarTextos(user);
    await user.click(await screen.findByRole('option', { name: 'Verdulería' }));
    await siguiente(user);

    // Step 7 needs a confirmed address.
    await siguiente(user);
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
    expect(within(dialog).getByText('Paso 7 de 9')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Elegir ubicación en el mapa/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar ubicación' }));
    let detalles = await screen.findByRole('dialog', { name: 'Detalles de la dirección' });
    expect(screen.queryByRole('dialog', { name: 'Mapa de prueba' })).toBeNull();
    // The map's door fills the empty fields; the person can type over them.
    const calle = within(detalles).getByLabelText('Calle');
    expect(calle).toHaveValue('Av. Corrientes');
    expect(within(detalles).getByLabelText('Altura')).toHaveValue('1234');
    expect(within(detalles).getByLabelText('Localidad')).toHaveValue(UBICACION.city);
    await user.clear(calle);
    await user.type(calle, 'Av. Pres. Corrientes');

    // Back to the map, where the point was: moving it keeps what was typed.
    await user.click(within(detalles).getByRole('button', { name: 'Volver al mapa' }));
    expect(await screen.findByRole('dialog', { name: 'Mapa de prueba' })).toBeInTheDocument();
    expect(aperturas.at(-1)).toEqual({ lat: UBICACION.lat, lng: UBICACION.lng });
    await user.click(screen.getByRole('button', { name: 'Confirmar ubicación' }));

    detalles = await screen.findByRole('dialog', { name: 'Detalles de la dirección' });
    expect(within(detalles).getByLabelText('Calle')).toHaveValue('Av. Pres. Corrientes');
    await user.type(within(detalles).getByLabelText('Departamento'), '4° B');
    await user.type(
      within(detalles).getByLabelText('Descripción adicional (opcional)'),
      'Portón verde',
    );
    await user.click(within(detalles).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Detalles de la dirección' })).toBeNull(),
    );

    expect(within(dialog).getByText('Av. Pres. Corrientes 1234')).toBeInTheDocument();
    expect(within(dialog).getByText('Depto 4° B · Portón verde')).toBeInTheDocument();
    expect(within(dialog).getByText('Buenos Aires')).toBeInTheDocument();
    expect(within(dialog).getByText(UBICACION.province)).toBeInTheDocument();
    expect(within(dialog).getByText('C1043')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cambiar ubicación' })).toHaveFocus(),
    );

    await siguiente(user);
    expect(within(dialog).getByText('Paso 8 de 9')).toBeInTheDocument();
  });

  it('asks for the province when the map gives none, under its field', async () => {
    mockApi();
    ubicacionDelMapa = { ...UBICACION, province: '', city: 'Buenos Aires' };
    const { user, dialog } = renderWizard();
    await completarTextos(user);
    await user.click(await screen.findByRole('option', { name: 'Almacén' }));
    await siguiente(user);

    await user.click(screen.getByRole('button', { name: /Elegir ubicación en el mapa/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar ubicación' }));
    const detalles = await screen.findByRole('dialog', { name: 'Detalles de la dirección' });
    await user.click(within(detalles).getByRole('button', { name: 'Confirmar' }));
    expect(await within(detalles).findByText('La provincia es obligatoria')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Detalles de la dirección' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Código postal')).toBeNull();
  });

  it('lists the coverages with name, description and km', async () => {
    mockApi();
    const { user } = renderWizard();
    await completarTextos(user);
    await user.click(await screen.findByRole('option', { name: 'Almacén' }));
    await siguiente(user);
    await confirmarUbicacion(user);
    await siguiente(user);

    const grupo = await screen.findByRole('group', { name: 'Cobertura de entrega' });
    const radios = within(grupo).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]?.closest('label')).toHaveTextContent(
      'Barrio2 kmEntregas en tu barrio y alrededores',
    );
    expect(radios[1]?.closest('label')).toHaveTextContent('Ciudad15 kmToda la ciudad');
    await waitFor(() => expect(radios[0]).toHaveFocus());

    await siguiente(user);
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
    await user.click(within(grupo).getByRole('radio', { name: /Ciudad/ }));
    await siguiente(user);
    expect(screen.getByText('Paso 9 de 9')).toBeInTheDocument();
  });

  it("offers 'Entrega en grupo' under the coverage, off until turned on, with suggested prices", async () => {
    mockApi();
    const { user, dialog } = renderWizard();
    await llegarALaCobertura(user);

    const seccion = entregaEnGrupo();
    expect(
      within(seccion).getByText(
        'Una sola ruta por grupo completo: el envío baja para cada vecino que se suma.',
      ),
    ).toBeVisible();
    const interruptor = within(seccion).getByRole('switch', { name: 'Ofrecer Entrega en grupo' });
    expect(interruptor).not.toBeChecked();
    expect(within(seccion).queryByLabelText('Precio base por ruta')).toBeNull();

    await user.click(interruptor);
    expect(interruptor).toBeChecked();
    expect(within(seccion).getByLabelText('Precio base por ruta')).toHaveValue('3.000');
    expect(within(seccion).getByLabelText('Precio por km')).toHaveValue('400');
    expect(within(seccion).getByLabelText('Mínimo por miembro')).toHaveValue('600');

    // The coverage is still what the step requires; the step count does not change.
    await siguiente(user);
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
    expect(within(dialog).getByText('Paso 8 de 9')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Barrio/ }));
    await siguiente(user);
    expect(within(dialog).getByText('Paso 9 de 9')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(9);
  });

  it("sends 'Entrega en grupo' as JSON with the prices typed, the es-AR way", {
    timeout: 20_000,
  }, async () => {
    const { calls } = mockApi();
    const { user } = renderWizard();
    await llegarALaCobertura(user);
    await user.click(screen.getByRole('radio', { name: /Ciudad/ }));
    await user.click(within(entregaEnGrupo()).getByRole('switch'));
    await escribirPrecio(user, 'Precio base por ruta', '4.500');
    // Letters never get in: only what a price may hold.
    await escribirPrecio(user, 'Precio por km', '350,5x0');
    await escribirPrecio(user, 'Mínimo por miembro', '800');
    expect(within(entregaEnGrupo()).getByLabelText('Precio por km')).toHaveValue('350,50');
    await siguiente(user);

    await user.upload(await screen.findByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));
    await screen.findByRole('button', { name: 'Tienda creada' });

    const form = calls.find((call) => call.url.endsWith('/api/tienda/crear'))?.body as FormData;
    expect(form.get('cobertura')).toBe(COBERTURAS[1]?._id);
    expect(JSON.parse(String(form.get('entregaEnGrupo')))).toEqual({
      activa: true,
      base: 4500,
      porKm: 350.5,
      minimo: 800,
    });
  });

  it('sends it off when the switch is turned off again, whatever the prices say', {
    timeout: 20_000,
  }, async () => {
    const { calls } = mockApi();
    const { user } = renderWizard();
    await llegarALaCobertura(user);
    await user.click(screen.getByRole('radio', { name: /Barrio/ }));
    const interruptor = within(entregaEnGrupo()).getByRole('switch');
    await user.click(interruptor);
    await escribirPrecio(user, 'Precio base por ruta', '');
    await user.click(interruptor);
    expect(interruptor).not.toBeChecked();
    await siguiente(user);

    await user.upload(await screen.findByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));
    await screen.findByRole('button', { name: 'Tienda creada' });
    const form = calls.find((call) => call.url.endsWith('/api/tienda/crear'))?.body as FormData;
    expect(JSON.parse(String(form.get('entregaEnGrupo')))).toEqual({
      activa: false,
      base: 0,
      porKm: 0,
      minimo: 0,
    });
  });

  it("refuses prices out of the contract's bounds with its Spanish message, under the field", async () => {
    mockApi();
    const { user, dialog } = renderWizard();
    await llegarALaCobertura(user);
    await user.click(screen.getByRole('radio', { name: /Barrio/ }));
    await user.click(within(entregaEnGrupo()).getByRole('switch'));
    await escribirPrecio(user, 'Precio base por ruta', '2.000.000');
    await escribirPrecio(user, 'Mínimo por miembro', '');
    await siguiente(user);

    const mensajeBase = 'El precio base por ruta debe ser un número entre 0 y 1.000.000';
    await expectToast('Valor no válido', mensajeBase);
    expect(within(dialog).getByText('Paso 8 de 9')).toBeInTheDocument();
    const base = within(entregaEnGrupo()).getByLabelText('Precio base por ruta');
    expect(base).toHaveAttribute('aria-invalid', 'true');
    expect(base).toHaveAccessibleDescription(mensajeBase);
    await waitFor(() => expect(base).toHaveFocus());
    expect(
      within(entregaEnGrupo()).getByLabelText('Mínimo por miembro'),
    ).toHaveAccessibleDescription('El mínimo por miembro debe ser un número entre 0 y 1.000.000');

    // Fixed, the toast goes and the wizard moves on.
    await escribirPrecio(user, 'Precio base por ruta', '3.500');
    await escribirPrecio(user, 'Mínimo por miembro', '500');
    await waitFor(() => expect(screen.queryByText('Valor no válido')).toBeNull());
    await siguiente(user);
    expect(within(dialog).getByText('Paso 9 de 9')).toBeInTheDocument();
  });

  it("requires the logo although its label says optional; a bad image says 'Error al procesar imagen'", async () => {
    mockApi();
    const { user } = renderWizard();
    await llegarAlLogo(user);
    expect(screen.getByText('100% completado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));
    await expectToast('Campo requerido', 'Por favor sube el logo de tu tienda antes de continuar');

    vi.mocked(processImage).mockRejectedValueOnce(new Error(IMAGE_ERROR_FORMATO));
    const input = screen.getByLabelText<HTMLInputElement>('Logo (opcional)');
    await user.upload(input, logoOriginal());
    await expectToast('Error al procesar imagen', IMAGE_ERROR_FORMATO);
    expect(input.value).toBe('');
    expect(screen.queryByText('mi logo.jpg')).toBeNull();

    await user.upload(input, logoOriginal());
    expect(processImage).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'mi logo.png' }));
    expect(await screen.findByText('mi logo.jpg')).toBeInTheDocument();
    expect(screen.getByText('0,00 MB')).toBeInTheDocument();
    // The valid logo answers both the refusal and the step's 'Campo requerido', before time does.
    await waitFor(() => expect(screen.queryByText('Error al procesar imagen')).toBeNull());
    expect(screen.queryByText('Campo requerido')).toBeNull();
  });

  it("a step's 'Campo requerido' goes when the step is left", async () => {
    mockApi();
    const { user, dialog } = renderWizard();
    await completarTextos(user);
    await user.click(await screen.findByRole('option', { name: 'Verdulería' }));
    await siguiente(user);
    await siguiente(user);
    await expectToast('Campo requerido', 'Por favor completa este campo antes de continuar');
    expect(within(dialog).getByText('Paso 7 de 9')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Anterior' }));
    expect(within(dialog).getByText('Paso 6 de 9')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Campo requerido')).toBeNull());
  });

  it("creates the store (multipart), makes the user a seller and closes 2 s after 'Tienda creada'", {
    timeout: 20_000,
  }, async () => {
    let responder: (response: Response) => void = () => {};
    const { calls } = mockApi({
      crear: () =>
        new Promise<Response>((resolve) => {
          responder = resolve;
        }),
    });
    const { user, onOpenChange, onCreated, queryClient } = renderWizard();
    queryClient.setQueryData(usuarioKeys.esVendedor(USER_ID), { esVendedor: false });
    await llegarAlLogo(user);
    await user.upload(screen.getByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));
    const creando = await screen.findByRole('button', { name: 'Creando tienda...' });
    expect(creando).toBeDisabled();
    // A second try while it is being created does nothing.
    fireEvent.submit(creando.closest('form') as HTMLFormElement);
    expect(calls.filter((call) => call.url.endsWith('/api/tienda/crear'))).toHaveLength(1);

    const crear = calls.find((call) => call.url.endsWith('/api/tienda/crear'));
    expect(crear?.method).toBe('POST');
    expect(crear?.headers.get('Authorization')).toMatch(/^Bearer /);
    const form = crear?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual([
      'userId',
      'nombre',
      'descripcion',
      'telefono',
      'email',
      'razonSocial',
      'categoriaGlobal',
      'direccion',
      'cobertura',
      'entregaEnGrupo',
      'logo',
    ]);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'logo'))).toEqual({
      userId: USER_ID,
      nombre: 'Almacén Don Pepe',
      descripcion: 'Productos frescos',
      telefono: '11 5555-1234',
      email: 'tienda@example.com',
      razonSocial: 'Don Pepe S.R.L.',
      categoriaGlobal: CATEGORIAS[0]?._id,
      direccion: expect.any(String),
      cobertura: COBERTURAS[0]?._id,
      entregaEnGrupo: expect.any(String),
    });
    // Left off, 'Entrega en grupo' is sent all the same, off.
    expect(JSON.parse(String(form.get('entregaEnGrupo')))).toEqual(ENTREGA_EN_GRUPO_APAGADA);
    expect(JSON.parse(String(form.get('direccion')))).toEqual({
      calle: 'Av. Corrientes',
      altura: '1234',
      latitud: UBICACION.lat,
      longitud: UBICACION.lng,
      codigoPostal: 'C1043',
      provincia: UBICACION.province,
      ciudad: UBICACION.city,
      departamento: '4° B',
      descripcion: null,
    });
    const logo = form.get('logo');
    expect(logo).toBeInstanceOf(File);
    expect((logo as File).name).toBe('mi logo.jpg');
    expect((logo as File).type).toBe('image/jpeg');

    await act(async () => {
      responder(contractJson(crearTiendaResponseSchema, RESPUESTA_CREAR, 201));
    });
    const creada = await screen.findByRole('button', { name: 'Tienda creada' });
    expect(creada).toBeDisabled();
    await expectToast(
      'Tienda creada exitosamente',
      'Ahora vincula tu cuenta de Mercado Pago para empezar a recibir los pagos de tus ventas.',
    );

    const convertir = calls.find((call) => call.url.endsWith('/api/usuario/convertirEnVendedor'));
    expect(JSON.parse(String(convertir?.body))).toEqual({ userId: USER_ID });
    expect(localStorage.getItem('tiendaId')).toBe(TIENDA_ID);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: TIENDA_ID }));
    expect(queryClient.getQueryState(usuarioKeys.esVendedor(USER_ID))?.isInvalidated).toBe(true);

    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1500));
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps what was typed when closed and opened again, and starts afresh after a creation', async () => {
    mockApi();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    const wizard = (open: boolean) => (
      <AppProviders queryClient={queryClient}>
        <CrearTiendaWizard
          open={open}
          onOpenChange={onOpenChange}
          usuarioId={USER_ID}
          LocationPicker={FakeLocationPicker}
        />
      </AppProviders>
    );
    const queryClient = createTestQueryClient();
    const view = render(wizard(true));
    await user.type(screen.getByLabelText('Nombre de la tienda'), 'Almacén{Enter}');
    await screen.findByText('Paso 2 de 9');

    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    view.rerender(wizard(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    view.rerender(wizard(true));
    expect(await screen.findByText('Paso 2 de 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByLabelText('Nombre de la tienda')).toHaveValue('Almacén');

    // Through to a created store, then closed and opened again.
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await completarDesdeDescripcion(user);
    await user.upload(screen.getByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));
    await screen.findByRole('button', { name: 'Tienda creada' });
    view.rerender(wizard(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    view.rerender(wizard(true));
    expect(await screen.findByText('Paso 1 de 9')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre de la tienda')).toHaveValue('');
  });

  it("says 'Error al crear tienda' when creation fails and lets the user try again", async () => {
    const { calls } = mockApi({
      crear: () => json({ error: 'Falló', mensaje: 'Falló', code: 'ERROR_INTERNO' }, 500),
    });
    const { user, onOpenChange } = renderWizard();
    await llegarAlLogo(user);
    await user.upload(screen.getByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));

    await expectToast(
      'Error al crear tienda',
      'Hubo un problema al configurar tu tienda. Inténtalo de nuevo.',
    );
    expect(await screen.findByRole('button', { name: 'Crear Tienda' })).toBeEnabled();
    expect(calls.some((call) => call.url.endsWith('/api/usuario/convertirEnVendedor'))).toBe(false);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(localStorage.getItem('tiendaId')).toBeNull();
  });

  it('shows the server text of a refusal and goes to the step it names', async () => {
    mockApi({
      crear: () =>
        json(
          {
            error: 'Datos inválidos',
            mensaje: 'Datos inválidos',
            code: 'VALIDACION',
            detalles: [{ campo: 'telefono', mensaje: 'El teléfono no es válido' }],
          },
          400,
        ),
    });
    const { user } = renderWizard();
    await llegarAlLogo(user);
    await user.upload(screen.getByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));

    await expectToast('Error al crear tienda', 'El teléfono no es válido');
    expect(await screen.findByText('Paso 3 de 9')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Teléfono de contacto')).toHaveFocus());
  });

  it("goes back to the coverage step when the server refuses 'Entrega en grupo'", async () => {
    const mensaje = 'El mínimo por miembro debe ser un número entre 0 y 1.000.000';
    mockApi({
      crear: () =>
        json(
          {
            error: 'Datos inválidos',
            mensaje: 'Datos inválidos',
            code: 'VALIDACION',
            detalles: [{ campo: 'entregaEnGrupo.minimo', mensaje }],
          },
          400,
        ),
    });
    const { user } = renderWizard();
    await llegarAlLogo(user);
    await user.upload(screen.getByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));

    await expectToast('Error al crear tienda', mensaje);
    expect(await screen.findByText('Paso 8 de 9')).toBeInTheDocument();
    expect(entregaEnGrupo()).toBeVisible();
  });

  it("says 'Error de autenticación' without a user id", async () => {
    const { calls } = mockApi();
    const { user } = renderWizard({ usuarioId: null });
    await llegarAlLogo(user);
    await user.upload(screen.getByLabelText('Logo (opcional)'), logoOriginal());
    await screen.findByText('mi logo.jpg');
    await user.click(screen.getByRole('button', { name: 'Crear Tienda' }));

    await expectToast('Error de autenticación', 'No se pudo obtener el ID del usuario');
    expect(calls.some((call) => call.url.endsWith('/api/tienda/crear'))).toBe(false);
  });

  it("says 'Error al cargar datos' when the categories or coverages fail to load", async () => {
    mockApi({ coberturas: () => json({ error: 'Falló', mensaje: 'Falló' }, 500) });
    renderWizard();
    await expectToast(
      'Error al cargar datos',
      'No se pudieron cargar las categorías o las coberturas.',
    );
  });

  it('is a full-screen view on a phone, with the address details as a bottom drawer', async () => {
    setViewport(MOBILE_WIDTH);
    mockApi();
    const { user, dialog } = renderWizard();
    expect(dialog).toHaveAttribute('data-slot', 'dialog-content');
    await completarTextos(user);
    await user.click(await screen.findByRole('option', { name: 'Almacén' }));
    await siguiente(user);
    await user.click(screen.getByRole('button', { name: /Elegir ubicación en el mapa/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar ubicación' }));
    const detalles = await screen.findByRole('dialog', { name: 'Detalles de la dirección' });
    expect(detalles).toHaveAttribute('data-vaul-drawer');
  });
});
