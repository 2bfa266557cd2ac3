import { randomBytes, randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  request as peticiones,
} from '@playwright/test';
import sharp from 'sharp';

/**
 * Every journey talks to the server started by global-setup.ts, and owns its data (rule 19):
 * the fixtures below make, per test and through the HTTP API only (the calls the screens make,
 * plus the sandbox's consent form and the admin's approval a store needs), a fresh shopper, a
 * fresh seller whose store is enabled with Mercado Pago linked, and products with names no
 * other test uses, at a spot of the map of the test's own. A journey asserts on what it made.
 *
 * Accounts the API cannot make (the product team's admin and the courier: roles, not sign-ups)
 * are the demo ones; the fixtures only use them to approve, never hand them out.
 */

export interface Credenciales {
  email: string;
  contrasenia: string;
}

/** A point as the browser's geolocation gives it. */
export interface Ubicacion {
  latitude: number;
  longitude: number;
}

export interface Sesion {
  accessToken: string;
  userId: string;
  auth: { authorization: string };
}

export interface Vendedor {
  credenciales: Credenciales;
  userId: string;
  tiendaId: string;
  tiendaNombre: string;
  /** The store's local categories, in the order given. */
  categorias: { _id: string; nombre: string }[];
  ubicacion: Ubicacion;
}

export interface OpcionesDeVendedor {
  /** The store's name; a unique one by default. */
  nombre?: string;
  /** The store's legal name; the name and ' S.R.L.' by default. */
  razonSocial?: string;
  /** A global category, by name ('Almacén' by default). */
  categoria?: string;
  /** Local categories to set up, by name. */
  categorias?: string[];
  /** Where the store is (the test's spot by default). */
  ubicacion?: Ubicacion;
  /** A coverage, by name ('Barrio', 2 km, by default). */
  cobertura?: string;
  /** Link Mercado Pago on the sandbox (true by default). */
  mercadoPago?: boolean;
  /** Have the product team enable it (true by default; needs `mercadoPago`). */
  habilitada?: boolean;
}

export interface OpcionesDeProducto {
  nombre?: string;
  descripcion?: string;
  /** Pesos. */
  precio?: number;
  stock?: number;
  /** Places of each group. */
  lugares?: number;
  /** Local categories of the store, by name. */
  categorias?: string[];
}

export interface Producto {
  _id: string;
  nombre: string;
  precio: number;
}

/** The product team's demo account: approves stores and cancels groups. */
export const admin: Credenciales = {
  email: 'admin@compragrupal.com.ar',
  contrasenia: 'demo1234',
};
/** The demo courier (no sign-up makes a courier). */
export const repartidor: Credenciales = {
  email: 'repartidor@compragrupal.com.ar',
  contrasenia: 'demo1234',
};

/** A short id no other test (or earlier run) uses. */
export const idUnico = () => randomBytes(4).toString('hex');

/** An email no other journey (or earlier run) uses. */
export function emailUnico(prefijo = 'e2e') {
  return `${prefijo}.${randomUUID()}@example.com`;
}

/** Spots handed out by this worker process so far. */
let lugaresDados = 0;
/** Degrees between two spots: about 5.5 km north-south, more than a 2 km store reaches. */
const PASO_GRADOS = 0.05;
const FILAS = 140; // -46° to -39°
const COLUMNAS = 110; // -70.5° to -65°

/**
 * A spot of the map for one test: somewhere in Patagonia, hundreds of kilometres from every
 * demo store (Buenos Aires and Córdoba), and on a cell of a grid no other test of the run gets,
 * so that the marketplace there lists the test's own stores and nothing else. Random spots
 * once fell within a store's reach of another test's (a fourth store in a listing of three).
 * The cell comes from the worker's index (a worker started again after a failure gets a new
 * one) and the spots the worker already gave.
 */
export function lugarPropio(): Ubicacion {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  const celda = worker * 1000 + lugaresDados++;
  const fila = celda % FILAS;
  const columna = Math.floor(celda / FILAS) % COLUMNAS;
  const redondo = (grados: number) => Math.round(grados * 10_000) / 10_000;
  return {
    latitude: redondo(-46 + fila * PASO_GRADOS),
    longitude: redondo(-70.5 + columna * PASO_GRADOS),
  };
}

const imagenes = new Map<string, Promise<Buffer>>();
/** A PNG of one colour (made once per worker). */
export function imagenPng(r: number, g: number, b: number): Promise<Buffer> {
  const clave = `${r},${g},${b}`;
  let imagen = imagenes.get(clave);
  if (!imagen) {
    imagen = sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
    imagenes.set(clave, imagen);
  }
  return imagen;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** Logs in through the API; the access token (40 s on the e2e server) and its user id. */
export async function sesionPorApi(
  request: APIRequestContext,
  credenciales: Credenciales,
): Promise<Sesion> {
  const { accessToken } = await ok<{ accessToken: string }>(
    await request.post('/api/usuario/login', { data: credenciales }),
  );
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
  return {
    accessToken,
    userId: payload.userId as string,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

/** Registers a fresh shopper through the API (as the register screen does). */
export async function nuevoComprador(
  request: APIRequestContext,
  nombre = 'Comprador de Prueba',
): Promise<Credenciales> {
  const credenciales = { email: emailUnico('comprador'), contrasenia: 'secreta123' };
  await ok(
    await request.post('/api/usuario/registrar', {
      data: { nombre, telefono: '+54 11 5555-0000', ...credenciales },
    }),
    201,
  );
  return credenciales;
}

/**
 * Links the seller's Mercado Pago on the sandbox as a browser would: iniciar, the consent
 * form's 'Autorizar', and the callback (in a request context of its own: the link is bound to
 * the browser that started it by a cookie).
 */
async function vincularMercadoPago(request: APIRequestContext, sesion: Sesion) {
  const { authUrl } = await ok<{ authUrl: string }>(
    await request.get(`/api/oauth/mercadopago/iniciar/${sesion.userId}`, { headers: sesion.auth }),
  );
  const pedido = new URL(authUrl).searchParams;
  const consentimiento = await request.post('/api/sandbox/mercadopago/autorizar', {
    form: {
      client_id: pedido.get('client_id') ?? '',
      redirect_uri: pedido.get('redirect_uri') ?? '',
      state: pedido.get('state') ?? '',
      code_challenge: pedido.get('code_challenge') ?? '',
      decision: 'autorizar',
    },
    maxRedirects: 0,
  });
  expect(consentimiento.status(), await consentimiento.text()).toBe(302);
  const vuelta = new URL(consentimiento.headers().location ?? '');
  const callback = await request.get(vuelta.pathname + vuelta.search, { maxRedirects: 0 });
  expect(callback.status(), await callback.text()).toBe(302);
  expect(callback.headers().location).toMatch(/^\/mercadopago-callback\?success=true/);
}

/** The parcel every journey's checkout sends for its quote. */
const PAQUETE = { peso: 1.5, largo: 30, ancho: 20, alto: 15 };

/** The API as the journeys use it, bound to one request context. */
export function crearApi(request: APIRequestContext, baseURL: string, ubicacion: Ubicacion) {
  let referencias: Promise<{ categorias: Map<string, string>; coberturas: Map<string, string> }>;
  const referencia = () => {
    referencias ??= Promise.all([
      request.get('/api/categoria/getAllCategoria').then((r) => r.json()),
      request.get('/api/cobertura/obtenerCoberturas').then((r) => r.json()),
    ]).then(([categorias, coberturas]) => ({
      categorias: new Map(
        (categorias as { _id: string; nombre: string }[]).map((c) => [c.nombre, c._id]),
      ),
      coberturas: new Map(
        (coberturas as { _id: string; nombre: string }[]).map((c) => [c.nombre, c._id]),
      ),
    }));
    return referencias;
  };

  /**
   * Sessions by email, reused while young (tokens live 40 s on the e2e server): every login
   * checks a password hash, which is most of what making a seller costs on a busy machine.
   */
  const sesiones = new Map<string, { desde: number; sesion: Promise<Sesion> }>();
  const sesion = (credenciales: Credenciales): Promise<Sesion> => {
    const guardada = sesiones.get(credenciales.email);
    if (guardada && Date.now() - guardada.desde < 20_000) return guardada.sesion;
    const nueva = sesionPorApi(request, credenciales);
    sesiones.set(credenciales.email, { desde: Date.now(), sesion: nueva });
    nueva.catch(() => sesiones.delete(credenciales.email));
    return nueva;
  };

  const api = {
    sesion,
    nuevoComprador: (nombre?: string) => nuevoComprador(request, nombre),

    /**
     * A fresh seller: registered, a store opened (as 'Configurar Tienda' sends it) at the
     * test's spot, local categories set, Mercado Pago linked on the sandbox and the store
     * enabled by the product team, unless told otherwise.
     */
    async nuevoVendedor(opciones: OpcionesDeVendedor = {}): Promise<Vendedor> {
      const {
        nombre = `Almacén ${idUnico()}`,
        razonSocial = `${nombre} S.R.L.`,
        categoria = 'Almacén',
        categorias = [],
        cobertura = 'Barrio',
        mercadoPago = true,
        habilitada = true,
      } = opciones;
      const lugar = opciones.ubicacion ?? ubicacion;
      const { categorias: globales, coberturas } = await referencia();
      const credenciales = await nuevoComprador(request);
      const duenio = await sesion(credenciales);
      const { tienda } = await ok<{ tienda: { _id: string } }>(
        await request.post('/api/tienda/crear', {
          headers: duenio.auth,
          multipart: {
            userId: duenio.userId,
            nombre,
            descripcion: 'Tienda de una prueba punta a punta',
            telefono: '+54 11 5555-4040',
            email: 'tienda@example.com',
            razonSocial,
            categoriaGlobal: globales.get(categoria) ?? '',
            cobertura: coberturas.get(cobertura) ?? '',
            direccion: JSON.stringify({
              direccion: 'Calle de Prueba 123',
              latitud: lugar.latitude,
              longitud: lugar.longitude,
              codigoPostal: 'Q8300',
              provincia: 'Neuquén',
              ciudad: 'Neuquén',
            }),
            logo: { name: 'logo.png', mimeType: 'image/png', buffer: await imagenPng(20, 120, 90) },
          },
        }),
        201,
      );
      const convertido = await request.post('/api/usuario/convertirEnVendedor', {
        headers: duenio.auth,
        data: { userId: duenio.userId },
      });
      expect(convertido.ok(), await convertido.text()).toBe(true);
      let locales: { _id: string; nombre: string }[] = [];
      if (categorias.length > 0) {
        ({ categoriasLocales: locales } = await ok<{
          categoriasLocales: { _id: string; nombre: string }[];
        }>(
          await request.put(`/api/tienda/editar-categorias/${tienda._id}`, {
            headers: duenio.auth,
            data: { categoriasLocales: categorias.map((n) => ({ nombre: n })) },
          }),
        ));
      }
      if (mercadoPago) {
        const navegador = await peticiones.newContext({ baseURL });
        try {
          await vincularMercadoPago(navegador, await sesion(credenciales));
        } finally {
          await navegador.dispose();
        }
      }
      if (habilitada) {
        const equipo = await sesion(admin);
        await ok(
          await request.post(`/api/admin/tiendas/${tienda._id}/habilitar`, {
            headers: equipo.auth,
          }),
        );
      }
      return {
        credenciales,
        userId: duenio.userId,
        tiendaId: tienda._id,
        tiendaNombre: nombre,
        categorias: locales,
        ubicacion: lugar,
      };
    },

    /** A product of the seller's store, with a picture, as 'Cargar Producto' sends it. */
    async nuevoProducto(vendedor: Vendedor, opciones: OpcionesDeProducto = {}): Promise<Producto> {
      const {
        nombre = `Producto ${idUnico()}`,
        descripcion = 'Producto de una prueba punta a punta',
        precio = 1500,
        stock = 100,
        lugares = 5,
        categorias = [],
      } = opciones;
      const categoriaLocalId = categorias.map((n) => {
        const id = vendedor.categorias.find((c) => c.nombre === n)?._id;
        if (!id) throw new Error(`La tienda no tiene la categoría ${n}`);
        return id;
      });
      const duenio = await sesion(vendedor.credenciales);
      const { producto } = await ok<{ producto: { _id: string } }>(
        await request.post('/api/producto/crear', {
          headers: duenio.auth,
          multipart: {
            vendedorId: duenio.userId,
            tiendaId: vendedor.tiendaId,
            nombre,
            descripcion,
            precio: String(precio),
            stock: String(stock),
            cantidadTotalGrupo: String(lugares),
            categoriaLocalId: JSON.stringify(categoriaLocalId),
            imagen: {
              name: 'foto.png',
              mimeType: 'image/png',
              buffer: await imagenPng(200, 140, 40),
            },
          },
        }),
        201,
      );
      return { _id: producto._id, nombre, precio };
    },

    /** The open group of a product, as its owner's panel reads it. */
    async grupoAbierto(vendedor: Vendedor, productoId: string): Promise<string> {
      const duenio = await sesion(vendedor.credenciales);
      const { grupos } = await ok<{ grupos: { _id: string }[] }>(
        await request.get(`/api/grupoDeCompra/gruposAbiertos/producto/${productoId}`, {
          headers: duenio.auth,
        }),
      );
      const [grupo] = grupos;
      if (!grupo) throw new Error(`El producto ${productoId} no tiene un grupo abierto`);
      return grupo._id;
    },

    /**
     * The shopper pays `cantidad` places of the product as checkout and the sandbox do: a
     * saved address, the shipping quote, the order, its payment link and 'aprobar' on the
     * sandbox; waits until the app has applied the approval. Returns the order's id.
     */
    async pagarLugares(
      comprador: Credenciales,
      producto: { productoId: string; tiendaId: string },
      cantidad = 1,
      {
        lugar = ubicacion,
        entregaEnGrupo = false,
        reembolsosFallan = false,
      }: {
        lugar?: Ubicacion;
        entregaEnGrupo?: boolean;
        /** 'Aprobar; los reembolsos fallan 2 veces' on the sandbox. */
        reembolsosFallan?: boolean;
      } = {},
    ): Promise<string> {
      const direccionId = await api.nuevaDireccion(comprador, lugar);
      const cliente = await sesion(comprador);
      const { opciones } = await ok<{ opciones: { carrier: string; servicio: string }[] }>(
        await request.post('/api/envio/cotizar-previo', {
          headers: cliente.auth,
          data: {
            tiendaId: producto.tiendaId,
            direccionDestinoId: direccionId,
            clienteInfo: {
              nombre: 'Comprador de Prueba',
              telefono: '+54 299 555-0000',
              email: comprador.email,
            },
            paquete: PAQUETE,
            items: [{ productoId: producto.productoId, cantidadSolicitada: cantidad }],
          },
        }),
      );
      // The carriers' cheapest comes first; the store's own 'Entrega en grupo' after them.
      const envio = entregaEnGrupo
        ? opciones.find((o) => o.carrier === 'Entrega en grupo')
        : opciones[0];
      if (!envio) throw new Error('Sin opciones de envío');
      const { pedidoId } = await ok<{ pedidoId: string }>(
        await request.post('/api/pago/crearPreferencia', {
          headers: cliente.auth,
          data: {
            productos: [{ productoId: producto.productoId, cantidadSolicitada: cantidad }],
            usuarioId: cliente.userId,
            direccionId,
            telefono: '+54 299 555-0000',
            paquete: PAQUETE,
            envios: [
              { tiendaId: producto.tiendaId, carrier: envio.carrier, servicio: envio.servicio },
            ],
          },
        }),
        201,
      );
      const { init_point } = await ok<{ init_point: string }>(
        await request.get(`/api/pedido/linkPago/${pedidoId}/${producto.tiendaId}`, {
          headers: cliente.auth,
        }),
      );
      const pagado = await request.post('/api/sandbox/mercadopago/checkout', {
        form: {
          pref_id: new URL(init_point).searchParams.get('pref_id') ?? '',
          accion: reembolsosFallan ? 'aprobar_reembolsos_fallan' : 'aprobar',
        },
        maxRedirects: 0,
      });
      expect(pagado.status(), await pagado.text()).toBe(302);
      expect(new URL(pagado.headers().location ?? '').searchParams.get('status')).toBe('approved');
      // The sandbox notifies the app; the order is approved once that notification is applied.
      await expect
        .poll(async () => {
          const estado = await ok<{ estadisticas: { porcentajeCompletado: number } }>(
            await request.get(`/api/pedido/estadoPagos/${pedidoId}`, {
              headers: (await sesion(comprador)).auth,
            }),
          );
          return estado.estadisticas.porcentajeCompletado;
        })
        .toBe(100);
      return pedidoId;
    },

    /** A saved address of the shopper at the spot given (the test's by default). */
    async nuevaDireccion(
      comprador: Credenciales,
      lugar: Ubicacion = ubicacion,
      direccion = 'Av. Argentina 200',
    ): Promise<string> {
      const cliente = await sesion(comprador);
      const { direccion: guardada } = await ok<{ direccion: { _id: string } }>(
        await request.post(`/api/direccion/${cliente.userId}`, {
          headers: cliente.auth,
          data: {
            direccion,
            latitud: lugar.latitude,
            longitud: lugar.longitude,
            codigoPostal: 'Q8300',
            provincia: 'Neuquén',
            ciudad: 'Neuquén',
            departamento: '2 A',
            descripcion: 'Portón verde',
          },
        }),
        201,
      );
      return guardada._id;
    },
  };
  return api;
}

export type Api = ReturnType<typeof crearApi>;

/** Lets the page's browser find itself at the spot given (the marketplace asks for it). */
export async function estarEn(context: BrowserContext, lugar: Ubicacion) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(lugar);
}

interface Fixtures {
  /** A short id for this test's names. */
  sufijo: string;
  /** This test's spot of the map, out of reach of the demo stores and of other tests. */
  ubicacion: Ubicacion;
  /** The HTTP API, with the helpers above. */
  api: Api;
  /** A fresh shopper. */
  comprador: Credenciales;
  /** A fresh seller with an enabled store (Mercado Pago linked) at `ubicacion`. */
  vendedor: Vendedor;
}

/**
 * Waits until the app has taken over a page the server drew (docs/decisions/044): until then
 * its buttons are drawn but answer nothing, as for a person who taps before the code arrives.
 * Pages the server did not draw are the app's from the start.
 */
export async function esperarHidratacion(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('estado-ssr') ||
      document.documentElement.hasAttribute('data-hidratada'),
  );
}

/** A page whose `goto` and `reload` return once the app answers (see `esperarHidratacion`). */
export function conHidratacion(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const respuesta = await goto(...args);
    await esperarHidratacion(page);
    return respuesta;
  };
  page.reload = async (...args) => {
    const respuesta = await reload(...args);
    await esperarHidratacion(page);
    return respuesta;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => use(conHidratacion(page)),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl)
      throw new Error('E2E_BASE_URL no está definido: corré las pruebas con playwright test');
    await use(baseUrl);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  sufijo: async ({}, use) => use(idUnico()),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  ubicacion: async ({}, use) => use(lugarPropio()),
  api: async ({ request, baseURL, ubicacion }, use) =>
    use(crearApi(request, baseURL ?? '', ubicacion)),
  comprador: async ({ api }, use) => use(await api.nuevoComprador()),
  vendedor: async ({ api }, use) => use(await api.nuevoVendedor()),
});

export { expect };
