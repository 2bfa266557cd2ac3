import {
  direccionSchema,
  ENTREGA_EN_GRUPO,
  errorBodySchema,
  opcionEnvioSchema,
  PAQUETE_POR_DEFECTO,
  paqueteDeLineas,
  ubicarDireccionResponseSchema,
} from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checked, contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { crearProducto, crearTienda, OTRA_TIENDA_ID, TIENDA_ID } from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';

// The map picker is Leaflet's: a stand-in confirms a fixed point.
vi.mock('@/features/ubicacion/components/ubicacion-picker-dialog', () => ({
  preloadUbicacionPicker: () => {},
  UbicacionPickerDialog: ({
    open,
    onConfirm,
  }: {
    open: boolean;
    onConfirm: (u: unknown) => void;
  }) =>
    open ? (
      <div role="dialog" aria-label="Mapa de prueba">
        <button
          type="button"
          onClick={() =>
            onConfirm({
              address: 'Av. Corrientes 1234',
              lat: -34.6037,
              lng: -58.3816,
              postalCode: 'C1043',
              province: 'Ciudad Autónoma de Buenos Aires',
              city: 'Buenos Aires',
            })
          }
        >
          Confirmar ubicación
        </button>
      </div>
    ) : null,
}));

const GRUPO_ID = 'e10000000000000000000001';
const DIRECCION_ID = 'f10000000000000000000001';
const NUEVA_DIRECCION_ID = 'f10000000000000000000002';
const PEDIDO_ID = 'f20000000000000000000001';
const SIN_PUNTO_ID = 'f10000000000000000000003';

const yerba = crearProducto({
  nombre: 'Yerba mate 1 kg',
  precio: 4890,
  paquete: { peso: 1, largo: 20, ancho: 15, alto: 10 },
});
const naranjas = crearProducto({
  nombre: 'Cajón de naranjas 10 kg',
  precio: 12500,
  tiendaId: OTRA_TIENDA_ID,
  paquete: { peso: 10.5, largo: 50, ancho: 30, alto: 25 },
});
/** The cart's box (2 × yerba and 1 × naranjas), as the contract combines their packages. */
const PAQUETE_DEL_CARRITO = paqueteDeLineas([
  { paquete: yerba.paquete, cantidad: 2 },
  { paquete: naranjas.paquete, cantidad: 1 },
]);
const almacen = crearTienda({ nombre: 'Almacén Don Ramón' });
const huerta = crearTienda({ _id: OTRA_TIENDA_ID, nombre: 'La Huerta de Villa Crespo' });

const direccion = checked(direccionSchema, {
  _id: DIRECCION_ID,
  direccion: 'Av. Santa Fe 2500',
  calle: 'Av. Santa Fe',
  altura: '2500',
  departamento: '3° A',
  descripcion: null,
  ciudad: 'Buenos Aires',
  provincia: 'Ciudad Autónoma de Buenos Aires',
  codigoPostal: 'C1425',
  latitud: -34.59,
  longitud: -58.4,
});

/** The register dialog's address: typed, with no point on the map yet. */
const direccionSinPunto = checked(direccionSchema, {
  _id: SIN_PUNTO_ID,
  direccion: 'Calle 7 1234',
  calle: 'Calle 7',
  altura: '1234',
  departamento: null,
  descripcion: null,
  ciudad: 'La Plata',
  provincia: 'Buenos Aires',
  codigoPostal: 'B1900',
  latitud: null,
  longitud: null,
});

const opcion = (carrier: string, servicio: string, precio: number) => ({
  carrier,
  servicio,
  tiempoEntrega: '2 a 4 días hábiles',
  diasMinimos: 2,
  diasMaximos: 4,
  precio,
});

/** The store's 'Entrega en grupo' (issue 36): $ 1.900 today, down to $ 600 with neighbours. */
const entregaEnGrupo = checked(opcionEnvioSchema, {
  ...ENTREGA_EN_GRUPO,
  tiempoEntrega: 'Cuando se complete el grupo',
  diasMinimos: 1,
  diasMaximos: 7,
  precio: 1900,
  entregaEnGrupo: { hasta: 600 },
});

type Answer = (call: FetchCall) => Response | Promise<Response>;

function mockCheckoutApi({
  productos = [yerba, naranjas],
  direcciones = [direccion],
  cotizar = ({ body }) => {
    const { tiendaId } = JSON.parse(String(body)) as { tiendaId: string };
    return json({
      opciones:
        tiendaId === TIENDA_ID
          ? [opcion('Andreani', 'Estándar', 3500), opcion('OCA', 'Prioritario', 5200)]
          : [opcion('Correo Argentino', 'Clásico', 2800)],
    });
  },
  preferencia = () => json({ pedidoId: PEDIDO_ID }, 201),
  telefonoPost = (call) => json({ telefono: JSON.parse(String(call.body)).telefono }),
  direccionPost = ({ body }) =>
    json(
      {
        mensaje: 'Dirección agregada',
        direccion: { ...direccion, ...JSON.parse(String(body)), _id: NUEVA_DIRECCION_ID },
      },
      201,
    ),
  direccionPatch = ({ body }) =>
    contractJson(ubicarDireccionResponseSchema, {
      mensaje: 'Ubicación guardada',
      direccion: { ...direccionSinPunto, ...JSON.parse(String(body)) },
    }),
}: {
  /** What GET /api/producto/{id} answers (the cart's products). */
  productos?: ({ _id: string } & Record<string, unknown>)[];
  direcciones?: unknown[];
  cotizar?: Answer;
  preferencia?: Answer;
  telefonoPost?: Answer;
  direccionPost?: Answer;
  direccionPatch?: Answer;
} = {}) {
  return mockFetch((call) => {
    const { url, method } = call;
    if (url.includes('/api/producto/')) {
      const producto = productos.find((p) => url.endsWith(p._id));
      return producto ? json(producto) : json({ error: 'x' }, 404);
    }
    if (url.includes('/api/tienda/con-productos/')) {
      return json(url.endsWith(OTRA_TIENDA_ID) ? huerta : almacen);
    }
    if (url.endsWith(`/api/direccion/${USER_ID}/${SIN_PUNTO_ID}`) && method === 'PATCH') {
      return direccionPatch(call);
    }
    if (url.endsWith(`/api/direccion/${USER_ID}`)) {
      return method === 'POST' ? direccionPost(call) : json(direcciones);
    }
    if (url.endsWith(`/api/usuario/telefono/${USER_ID}`)) {
      return method === 'POST' ? telefonoPost(call) : json({ telefono: '+54 11 5555-0000' });
    }
    if (url.endsWith(`/api/usuario/${USER_ID}`)) {
      return json({
        success: true,
        usuario: { nombre: 'Ana Pérez', email: 'ana@example.com', emailVerificado: true },
      });
    }
    if (url.endsWith('/api/envio/cotizar-previo')) return cotizar(call);
    if (url.endsWith('/api/pago/crearPreferencia')) return preferencia(call);
    if (url.endsWith('/api/usuario/esVendedor')) return json({ esVendedor: false });
    if (url.endsWith('/api/usuario/esRepartidor')) return json({ esRepartidor: false });
    if (url.endsWith('/api/usuario/esAdmin')) return json({ esAdmin: false });
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}

function sembrarCarrito() {
  localStorage.setItem(
    'carrito',
    JSON.stringify([
      { productoId: yerba._id, cantidadSolicitada: 2, grupoId: GRUPO_ID },
      { productoId: naranjas._id, cantidadSolicitada: 1 },
    ]),
  );
}

type User = ReturnType<typeof renderApp>['user'];
const continuar = (user: User) => user.click(screen.getByRole('button', { name: /Continuar/ }));

async function hastaPaso(user: User, paso: number) {
  await screen.findByRole('heading', { name: 'Términos de la compra grupal' });
  if (paso <= 1) return;
  await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
  await continuar(user);
  await user.click(await screen.findByRole('radio', { name: /Av\. Santa Fe 2500/ }));
  if (paso <= 2) return;
  await continuar(user);
  await user.click(await screen.findByRole('button', { name: 'Confirmar teléfono' }));
  if (paso <= 3) return;
  await continuar(user);
  // The package is the cart's, already there.
  await screen.findByRole('heading', { name: 'Información del paquete' });
  if (paso <= 4) return;
  await continuar(user);
  await screen.findByRole('heading', { name: 'Método de envío' });
}

describe('/checkout', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('asks to log in without a session', async () => {
    localStorage.removeItem('accessToken');
    mockCheckoutApi();
    renderApp('/checkout');
    expect(
      await screen.findByRole('heading', { name: 'Inicia sesión para finalizar tu compra' }),
    ).toBeVisible();
    expect(screen.getByText('No se encontró token de acceso')).toBeVisible();
  });

  it('shows an empty cart with a way back to the stores', async () => {
    mockCheckoutApi();
    renderApp('/checkout');
    expect(await screen.findByText('Tu carrito está vacío')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explorar tiendas' })).toHaveAttribute('href', '/');
  });

  it('says what each gate needs, with the spec toasts', async () => {
    sembrarCarrito();
    mockCheckoutApi();
    const { user } = renderApp('/checkout');
    await screen.findByRole('heading', { name: 'Términos de la compra grupal' });
    expect(screen.getByText('Paso 1 de 6')).toBeVisible();
    // The cart summary on top, grouped by store, in es-AR currency.
    expect(document.querySelector('[data-slot="checkout-total"]')).toHaveTextContent('$ 22.280,00');

    await continuar(user);
    await expectToast('Términos requeridos', 'Debes aceptar los términos para continuar');
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await continuar(user);

    await screen.findByRole('radio', { name: /Av\. Santa Fe 2500/ });
    await continuar(user);
    await expectToast('Dirección requerida', 'Debes seleccionar una dirección de envío');
    await user.click(screen.getByRole('radio', { name: /Av\. Santa Fe 2500/ }));
    await continuar(user);

    await screen.findByRole('heading', { name: 'Teléfono de contacto' });
    await continuar(user);
    await expectToast('Teléfono requerido', 'Debes confirmar tu teléfono de contacto');
    await user.click(await screen.findByRole('button', { name: 'Confirmar teléfono' }));
    await continuar(user);

    // Step 4's package is the cart's, complete: it goes on.
    await screen.findByRole('heading', { name: 'Información del paquete' });
    expect(screen.getByLabelText('Peso (kg)')).toHaveAttribute('step', '0.1');
    await continuar(user);

    await screen.findAllByRole('radio', { name: /Andreani/ });
    await continuar(user);
    await expectToast('Método de envío requerido', 'Debes seleccionar un método de envío');

    // 'Volver' goes back a step.
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Información del paquete' })).toBeVisible();
  });

  it("shows the cart's package read-only, computed from the packages the sellers declared", async () => {
    sembrarCarrito();
    mockCheckoutApi();
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 4);
    expect(
      screen.getByText('El envío se calcula con el embalaje que declara cada vendedor.'),
    ).toBeVisible();
    const campos = {
      peso: screen.getByLabelText('Peso (kg)'),
      largo: screen.getByLabelText('Largo (cm)'),
      ancho: screen.getByLabelText('Ancho (cm)'),
      alto: screen.getByLabelText('Alto (cm)'),
    };
    for (const [clave, campo] of Object.entries(campos)) {
      expect(campo).toHaveAttribute('readonly');
      expect(campo).toHaveValue(PAQUETE_DEL_CARRITO[clave as keyof typeof campos]);
    }
    expect(campos.peso).toHaveAttribute('step', '0.1');
    // Nothing typed there changes it.
    await user.type(campos.peso, '9');
    expect(campos.peso).toHaveValue(PAQUETE_DEL_CARRITO.peso);
  });

  it('counts a product answered without its package as the default package', async () => {
    const { paquete: _sinPaquete, ...naranjasSinPaquete } = naranjas;
    sembrarCarrito();
    mockCheckoutApi({ productos: [yerba, naranjasSinPaquete] });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 4);
    // 2 × yerba and the default package for the naranjas.
    const esperado = paqueteDeLineas([
      { paquete: yerba.paquete, cantidad: 2 },
      { paquete: PAQUETE_POR_DEFECTO, cantidad: 1 },
    ]);
    expect(esperado.peso).toBe(3);
    expect(screen.getByLabelText('Peso (kg)')).toHaveValue(esperado.peso);
    expect(screen.getByLabelText('Largo (cm)')).toHaveValue(esperado.largo);
    expect(screen.getByLabelText('Ancho (cm)')).toHaveValue(esperado.ancho);
    expect(screen.getByLabelText('Alto (cm)')).toHaveValue(esperado.alto);
  });

  it("keeps step 4's gate: a package missing a size says 'Debes completar todos los campos del paquete'", async () => {
    sembrarCarrito();
    const { calls } = mockCheckoutApi({
      productos: [
        { ...yerba, paquete: { peso: 0, largo: 20, ancho: 15, alto: 10 } },
        { ...naranjas, paquete: { peso: 0, largo: 50, ancho: 30, alto: 25 } },
      ],
    });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 4);
    await continuar(user);
    await expectToast('Información incompleta', 'Debes completar todos los campos del paquete');
    expect(screen.getByRole('heading', { name: 'Información del paquete' })).toBeVisible();
    expect(calls.some((c) => c.url.endsWith('/api/envio/cotizar-previo'))).toBe(false);
  });

  it('adds an address typed by hand with its point on the map', async () => {
    sembrarCarrito();
    const { calls } = mockCheckoutApi({ direcciones: [] });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 1);
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await continuar(user);

    // The typed fields are checked first, with their messages under them.
    const guardar = await screen.findByRole('button', { name: 'Guardar dirección' });
    await user.click(guardar);
    expect(await screen.findByText('La calle es obligatoria')).toBeVisible();
    expect(screen.getByText('La altura es obligatoria')).toBeVisible();
    expect(screen.getByText('La localidad es obligatoria')).toBeVisible();

    await user.type(screen.getByLabelText('Calle'), 'Av. Santa Fe');
    await user.type(screen.getByLabelText('Altura'), '3253');
    await user.type(screen.getByLabelText('Piso/Depto'), '4° B');
    await user.type(screen.getByLabelText('Localidad'), 'Palermo');
    await user.type(screen.getByLabelText('Provincia'), 'CABA');
    await user.type(screen.getByLabelText('Descripción adicional'), 'Timbre roto');
    // Without its point it is not saved.
    await user.click(guardar);
    await expectToast('Ubicación requerida', 'Debes seleccionar una ubicación en el mapa');

    // The map's point fills only what is still empty: the typed street and locality stay.
    await user.click(screen.getByRole('button', { name: 'Marcar en el mapa' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar ubicación' }));
    expect(screen.getByLabelText('Calle')).toHaveValue('Av. Santa Fe');
    expect(screen.getByLabelText('Altura')).toHaveValue('3253');
    expect(screen.getByLabelText('Localidad')).toHaveValue('Palermo');
    expect(screen.getByLabelText('Provincia')).toHaveValue('CABA');
    expect(screen.getByLabelText('Código postal')).toHaveValue('C1043');
    expect(screen.getByText('Ubicación marcada en el mapa')).toBeVisible();

    await user.click(guardar);
    await expectToast('Dirección agregada');
    const post = calls.find(
      (c) => c.method === 'POST' && c.url.endsWith(`/api/direccion/${USER_ID}`),
    );
    expect(JSON.parse(String(post?.body))).toEqual({
      calle: 'Av. Santa Fe',
      altura: '3253',
      latitud: -34.6037,
      longitud: -58.3816,
      codigoPostal: 'C1043',
      provincia: 'CABA',
      ciudad: 'Palermo',
      departamento: '4° B',
      descripcion: 'Timbre roto',
    });
    // The new address is chosen: the step moves on.
    await continuar(user);
    expect(await screen.findByRole('heading', { name: 'Teléfono de contacto' })).toBeVisible();
  });

  it('completes the point of an address saved without one, and then quotes', async () => {
    sembrarCarrito();
    const { calls } = mockCheckoutApi({ direcciones: [direccionSinPunto] });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 1);
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await continuar(user);

    const opcion = await screen.findByRole('radio', { name: /Calle 7 1234/ });
    expect(screen.getByText('Falta marcar esta dirección en el mapa')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Marcar en el mapa' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar ubicación' }));
    await expectToast('Ubicación guardada');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toMatch(new RegExp(`/api/direccion/${USER_ID}/${SIN_PUNTO_ID}$`));
    expect(JSON.parse(String(patch?.body))).toEqual({ latitud: -34.6037, longitud: -58.3816 });
    // The list shows the point saved, the address is chosen, and the quote answers.
    await waitFor(() =>
      expect(screen.queryByText('Falta marcar esta dirección en el mapa')).toBeNull(),
    );
    expect(opcion).toBeChecked();
    await continuar(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmar teléfono' }));
    await continuar(user);
    await screen.findByRole('heading', { name: 'Información del paquete' });
    await continuar(user);
    expect((await screen.findAllByRole('radio', { name: /Andreani/ }))[0]).toBeVisible();
  });

  it("shows the quote's 422 reason and places the point there, never a retry loop", async () => {
    sembrarCarrito();
    let ubicada = false;
    const { calls } = mockCheckoutApi({
      direcciones: [direccionSinPunto],
      cotizar: () =>
        ubicada
          ? json({ opciones: [opcion('Andreani', 'Estándar', 3500)] })
          : contractJson(
              errorBodySchema,
              {
                error: 'Debes seleccionar una ubicación en el mapa',
                mensaje: 'Debes seleccionar una ubicación en el mapa',
                code: 'DIRECCION_SIN_UBICACION',
              },
              422,
            ),
      direccionPatch: ({ body }) => {
        ubicada = true;
        return contractJson(ubicarDireccionResponseSchema, {
          mensaje: 'Ubicación guardada',
          direccion: { ...direccionSinPunto, ...JSON.parse(String(body)) },
        });
      },
    });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 1);
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await continuar(user);
    // The person goes on without placing the point.
    await user.click(await screen.findByRole('radio', { name: /Calle 7 1234/ }));
    await continuar(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmar teléfono' }));
    await continuar(user);
    await screen.findByRole('heading', { name: 'Información del paquete' });
    await continuar(user);

    const motivos = await screen.findAllByText('Debes seleccionar una ubicación en el mapa');
    expect(motivos).toHaveLength(2);
    expect(screen.queryByText('No se pudo obtener la cotización de envío')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();

    const marcar = screen.getAllByRole('button', { name: 'Marcar en el mapa' })[0];
    if (!marcar) throw new Error('sin botón');
    await user.click(marcar);
    await user.click(await screen.findByRole('button', { name: 'Confirmar ubicación' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(true);
    // The quotes are asked again and answer.
    expect(await screen.findAllByRole('radio', { name: /Andreani/ })).toHaveLength(2);
  });

  it("says 'No se pudo agregar la dirección' when saving fails", async () => {
    sembrarCarrito();
    mockCheckoutApi({ direcciones: [], direccionPost: () => json({}, 500, 'Server Error') });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 1);
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await continuar(user);
    await user.type(await screen.findByLabelText('Calle'), 'Av. Santa Fe');
    await user.type(screen.getByLabelText('Altura'), '3253');
    await user.click(screen.getByRole('button', { name: 'Marcar en el mapa' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar ubicación' }));
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    await expectToast('No se pudo agregar la dirección');
  });

  it("updates the phone with 'Teléfono actualizado', or says it could not", async () => {
    sembrarCarrito();
    let falla = true;
    const { calls } = mockCheckoutApi({
      telefonoPost: () =>
        falla ? json({}, 500, 'Server Error') : json({ telefono: '+54 11 4444-1234' }),
    });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 2);
    await continuar(user);
    const campo = await screen.findByLabelText('Número de teléfono');
    await waitFor(() => expect(campo).toHaveValue('+54 11 5555-0000'));
    await user.clear(campo);
    await user.type(campo, '+54 11 4444-1234');
    await user.click(screen.getByRole('button', { name: 'Actualizar y confirmar teléfono' }));
    await expectToast('No se pudo actualizar el teléfono');
    falla = false;
    await user.click(screen.getByRole('button', { name: 'Actualizar y confirmar teléfono' }));
    await expectToast('Teléfono actualizado');
    const posts = calls.filter((c) => c.method === 'POST' && c.url.includes('/telefono/'));
    expect(JSON.parse(String(posts.at(-1)?.body))).toEqual({ telefono: '+54 11 4444-1234' });
    await continuar(user);
    expect(await screen.findByRole('heading', { name: 'Información del paquete' })).toBeVisible();
  });

  it('quotes each store on entering step 5, with loading, empty and error states', async () => {
    sembrarCarrito();
    let liberar: (() => void) | undefined;
    const espera = new Promise<void>((resolve) => {
      liberar = resolve;
    });
    const { calls } = mockCheckoutApi({
      cotizar: async ({ body }) => {
        const { tiendaId } = JSON.parse(String(body)) as { tiendaId: string };
        await espera;
        return tiendaId === TIENDA_ID ? json({ opciones: [] }) : json({ error: 'x' }, 502);
      },
    });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 4);
    expect(calls.some((c) => c.url.endsWith('/api/envio/cotizar-previo'))).toBe(false);
    await continuar(user);
    expect(
      await screen.findByRole('status', { name: 'Cotizando el envío de Almacén Don Ramón' }),
    ).toBeVisible();
    expect(
      screen.getByRole('status', { name: 'Cotizando el envío de La Huerta de Villa Crespo' }),
    ).toBeVisible();
    liberar?.();
    expect(
      await screen.findByText('No se encontraron opciones de envío disponibles'),
    ).toBeVisible();
    expect(await screen.findByText('No se pudo obtener la cotización de envío')).toBeVisible();

    const cotizaciones = calls.filter((c) => c.url.endsWith('/api/envio/cotizar-previo'));
    expect(cotizaciones.map((c) => JSON.parse(String(c.body)))).toEqual([
      {
        tiendaId: TIENDA_ID,
        direccionDestinoId: DIRECCION_ID,
        clienteInfo: {
          nombre: 'Ana Pérez',
          telefono: '+54 11 5555-0000',
          email: 'ana@example.com',
        },
        paquete: PAQUETE_DEL_CARRITO,
        // This store's cart lines: the server prices their products' packages.
        items: [{ productoId: yerba._id, cantidadSolicitada: 2 }],
      },
      expect.objectContaining({
        tiendaId: OTRA_TIENDA_ID,
        paquete: PAQUETE_DEL_CARRITO,
        items: [{ productoId: naranjas._id, cantidadSolicitada: 1 }],
      }),
    ]);
  });

  it('creates the preference with the lines, the package and one shipping per store, then goes to pay', async () => {
    sembrarCarrito();
    const { calls } = mockCheckoutApi();
    const { user, router } = renderApp('/checkout');
    await hastaPaso(user, 5);
    const almacenEnvio = await screen.findByRole('region', { name: 'Envío de Almacén Don Ramón' });
    await user.click(await within(almacenEnvio).findByRole('radio', { name: /OCA/ }));
    const huertaEnvio = screen.getByRole('region', { name: 'Envío de La Huerta de Villa Crespo' });
    await user.click(await within(huertaEnvio).findByRole('radio', { name: /Correo Argentino/ }));
    await continuar(user);

    expect(await screen.findByRole('heading', { name: 'Confirma y paga' })).toBeVisible();
    // 9.780 + 12.500 of products and 5.200 + 2.800 of shipping.
    const totales = document.querySelectorAll('[data-slot="resumen-total"]');
    expect(totales[totales.length - 1]).toHaveTextContent('$ 30.280,00');

    await user.click(screen.getByRole('button', { name: 'Ir a pagar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/multi-payment-checkout'));
    expect(router.state.location.search).toBe(`?pedidoId=${PEDIDO_ID}`);
    expect(localStorage.getItem('currentPedidoId')).toBe(PEDIDO_ID);
    expect(JSON.parse(localStorage.getItem('carrito') ?? '[]')).toEqual([]);

    const pedido = calls.find((c) => c.url.endsWith('/api/pago/crearPreferencia'));
    expect(JSON.parse(String(pedido?.body))).toEqual({
      productos: [
        { productoId: yerba._id, cantidadSolicitada: 2, grupoId: GRUPO_ID },
        { productoId: naranjas._id, cantidadSolicitada: 1 },
      ],
      usuarioId: USER_ID,
      direccionId: DIRECCION_ID,
      telefono: '+54 11 5555-0000',
      paquete: PAQUETE_DEL_CARRITO,
      envios: [
        { tiendaId: TIENDA_ID, carrier: 'OCA', servicio: 'Prioritario' },
        { tiendaId: OTRA_TIENDA_ID, carrier: 'Correo Argentino', servicio: 'Clásico' },
      ],
    });
  });

  it("shows 'Entrega en grupo' with today's price and how low it can fall; chosen, the summary says '(hoy)'", async () => {
    sembrarCarrito();
    const { calls } = mockCheckoutApi({
      cotizar: ({ body }) => {
        const { tiendaId } = JSON.parse(String(body)) as { tiendaId: string };
        return json({
          opciones:
            tiendaId === TIENDA_ID
              ? [opcion('Andreani', 'Estándar', 3500), entregaEnGrupo]
              : [opcion('Correo Argentino', 'Clásico', 2800)],
        });
      },
    });
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 5);
    const almacenEnvio = await screen.findByRole('region', { name: 'Envío de Almacén Don Ramón' });
    const enGrupo = await within(almacenEnvio).findByRole('radio', { name: /Entrega en grupo/ });
    const tarjeta = enGrupo.closest('label') as HTMLElement;
    expect(tarjeta).toHaveTextContent('Entrega en grupo');
    expect(within(tarjeta).getByText('Envío compartido')).toBeVisible();
    expect(
      within(tarjeta).getByText(
        'Hoy $ 1.900,00; baja a medida que se suman vecinos, hasta $ 600,00',
        { normalizer: (texto) => texto.replace(/\s+/g, ' ') },
      ),
    ).toBeVisible();
    // The carriers keep their usual line.
    for (const radio of screen.getAllByRole('radio').filter((r) => r !== enGrupo)) {
      expect(radio.closest('label')).not.toHaveTextContent(/Hoy|baja a medida/);
    }

    await user.click(enGrupo);
    const huertaEnvio = screen.getByRole('region', { name: 'Envío de La Huerta de Villa Crespo' });
    await user.click(within(huertaEnvio).getByRole('radio', { name: /Correo Argentino/ }));
    await continuar(user);
    expect(await screen.findByRole('heading', { name: 'Confirma y paga' })).toBeVisible();

    const resumen = screen
      .getAllByText('Entrega en grupo (hoy)')
      .at(-1)
      ?.closest('[data-slot="resumen-tienda"]') as HTMLElement;
    expect(resumen).toHaveTextContent('Almacén Don Ramón');
    expect(resumen).toHaveTextContent(
      'Puede bajar hasta $ 600,00: te devolvemos la diferencia cuando se complete el grupo.',
    );
    const otra = screen
      .getAllByText('La Huerta de Villa Crespo')
      .at(-1)
      ?.closest('[data-slot="resumen-tienda"]') as HTMLElement;
    expect(otra).not.toHaveTextContent('Entrega en grupo');
    // 9.780 + 12.500 of products, 1.900 (today's) + 2.800 of shipping.
    const totales = document.querySelectorAll('[data-slot="resumen-total"]');
    expect(totales[totales.length - 1]).toHaveTextContent('$ 26.980,00');

    // Chosen like any other option.
    await user.click(screen.getByRole('button', { name: 'Ir a pagar' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/api/pago/crearPreferencia'))).toBe(true),
    );
    const pedido = calls.find((c) => c.url.endsWith('/api/pago/crearPreferencia'));
    expect(JSON.parse(String(pedido?.body)).envios).toEqual([
      { tiendaId: TIENDA_ID, ...ENTREGA_EN_GRUPO },
      { tiendaId: OTRA_TIENDA_ID, carrier: 'Correo Argentino', servicio: 'Clásico' },
    ]);
  });

  async function pagarCon(preferencia: Answer) {
    sembrarCarrito();
    mockCheckoutApi({ preferencia });
    const rendered = renderApp('/checkout');
    const { user } = rendered;
    await hastaPaso(user, 5);
    for (const region of await screen.findAllByRole('region', { name: /^Envío de/ })) {
      const radios = await within(region).findAllByRole('radio');
      if (radios[0]) await user.click(radios[0]);
    }
    await continuar(user);
    await user.click(await screen.findByRole('button', { name: 'Ir a pagar' }));
    return rendered;
  }

  it('names the stores without a linked payment account', async () => {
    const { router } = await pagarCon(() =>
      json(
        {
          error: 'Algunas tiendas no pueden cobrar',
          mensaje: 'Algunas tiendas no pueden cobrar',
          code: 'TIENDAS_SIN_MP',
          tiendasSinMP: [{ nombre: 'La Huerta de Villa Crespo' }],
        },
        409,
      ),
    );
    await expectToast('Tiendas sin Mercado Pago');
    expect(screen.getByRole('alert')).toHaveTextContent('La tienda La Huerta de Villa Crespo');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(localStorage.getItem('carrito')).toContain(yerba._id);
  });

  it("shows the server's error as it is, and the spec's text otherwise", async () => {
    await pagarCon(() =>
      json(
        {
          error: 'No hay stock suficiente de Yerba mate 1 kg',
          mensaje: 'No hay stock suficiente de Yerba mate 1 kg',
          code: 'STOCK_INSUFICIENTE',
        },
        409,
      ),
    );
    await expectToast('Error', 'No hay stock suficiente de Yerba mate 1 kg');
  });

  it("says 'No se pudo procesar el pago. Inténtalo nuevamente.' on a server failure", async () => {
    await pagarCon(() => json({}, 500, 'Server Error'));
    await expectToast('Error', 'No se pudo procesar el pago. Inténtalo nuevamente.');
  });

  it("says 'No se recibió el ID del pedido' without an id", async () => {
    const { router } = await pagarCon(() => json({}, 201));
    await expectToast('Error', 'No se recibió el ID del pedido');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(localStorage.getItem('currentPedidoId')).toBeNull();
  });
});

// A toast lives TOAST_DURATION_MS (5 s): one gone within 2 s was sent away by its cause.
const ANTES_DE_QUE_EXPIRE = { timeout: 2000 };
const sinToast = (title: string) =>
  waitFor(
    () => expect(screen.queryByText(title, { selector: '[data-title]' })).toBeNull(),
    ANTES_DE_QUE_EXPIRE,
  );

describe('/checkout validation toasts last as long as their cause', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it("step 3's 'Teléfono requerido' goes once the phone is confirmed", async () => {
    sembrarCarrito();
    mockCheckoutApi();
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 2);
    await continuar(user);
    await screen.findByRole('heading', { name: 'Teléfono de contacto' });
    await continuar(user);
    await expectToast('Teléfono requerido', 'Debes confirmar tu teléfono de contacto');

    await user.click(screen.getByRole('button', { name: 'Confirmar teléfono' }));
    await sinToast('Teléfono requerido');
    expect(screen.getByRole('heading', { name: 'Teléfono de contacto' })).toBeVisible();
  });

  it("step 5's 'Método de envío requerido' goes once every store has its shipping", async () => {
    sembrarCarrito();
    mockCheckoutApi();
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 5);
    const almacenEnvio = await screen.findByRole('region', { name: 'Envío de Almacén Don Ramón' });
    await within(almacenEnvio).findByRole('radio', { name: /OCA/ });
    await continuar(user);
    await expectToast('Método de envío requerido', 'Debes seleccionar un método de envío');

    // One store of two chosen: the problem is still there.
    await user.click(within(almacenEnvio).getByRole('radio', { name: /OCA/ }));
    expect(
      screen.getByText('Método de envío requerido', { selector: '[data-title]' }),
    ).toBeVisible();

    const huertaEnvio = screen.getByRole('region', { name: 'Envío de La Huerta de Villa Crespo' });
    await user.click(await within(huertaEnvio).findByRole('radio', { name: /Correo Argentino/ }));
    await sinToast('Método de envío requerido');
    expect(screen.getByRole('heading', { name: 'Método de envío' })).toBeVisible();
  });

  it("step 5's toast goes when the step is left with 'Volver'", async () => {
    sembrarCarrito();
    mockCheckoutApi();
    const { user } = renderApp('/checkout');
    await hastaPaso(user, 5);
    await screen.findAllByRole('radio', { name: /Andreani/ });
    await continuar(user);
    await expectToast('Método de envío requerido', 'Debes seleccionar un método de envío');

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await screen.findByRole('heading', { name: 'Información del paquete' });
    await sinToast('Método de envío requerido');
  });
});
