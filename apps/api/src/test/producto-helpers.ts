import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { demoTiendaId } from '../demo/demo-tiendas';
import { CATEGORIAS_GLOBALES } from '../demo/reference-data';
import { type LoggedIn, registerAndLogin } from './auth-helpers';
import type { TestApp } from './test-app';

/** A multipart request through `app.inject`: the fields, then the files given. */
export async function multipart(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  who: LoggedIn | null,
  fields: Record<string, string>,
  files: { campo: string; data: Buffer; nombre?: string }[] = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { campo, data, nombre } of files) {
    form.append(
      campo,
      new Blob([new Uint8Array(data)], { type: 'image/jpeg' }),
      nombre ?? 'foto.jpg',
    );
  }
  const encoded = new Response(form);
  return t.app.inject({
    method,
    url,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(who ? who.auth : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** A JPEG with a camera's metadata, as a phone would send it. */
export const fotoDePrueba = (background = '#0a7', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background } })
    .withExif({ IFD0: { Copyright: 'vendedor-secreto' } })
    .jpeg()
    .toBuffer();

export interface VendedorDePrueba extends LoggedIn {
  tiendaId: string;
  /** The store's local categories (two), by name. */
  categorias: { _id: string; nombre: string }[];
}

/**
 * A fresh seller with a store opened through the API, two local categories, and (unless told
 * otherwise) enabled by the team and with Mercado Pago linked, set on the row as those flows
 * would leave it.
 */
export async function vendedorConTienda(
  t: TestApp,
  { habilitada = true, mpVinculado = true } = {},
): Promise<VendedorDePrueba> {
  const vendedor = await registerAndLogin(t.app);
  const coberturas = (await t.app.inject({ url: '/api/cobertura/obtenerCoberturas' })).json();
  const creada = await multipart(
    t,
    'POST',
    '/api/tienda/crear',
    vendedor,
    {
      userId: vendedor.userId,
      nombre: 'Almacén de Prueba',
      descripcion: 'Secos y frescos del barrio',
      telefono: '+54 11 5555-0000',
      email: 'tienda@example.com',
      razonSocial: 'Almacén de Prueba SRL',
      categoriaGlobal: CATEGORIAS_GLOBALES[0]?.id ?? '',
      cobertura: coberturas[0]._id,
      direccion: JSON.stringify({
        direccion: 'Av. Santa Fe 3200',
        latitud: -34.5889,
        longitud: -58.4108,
        codigoPostal: 'C1425',
        provincia: 'Ciudad Autónoma de Buenos Aires',
        ciudad: 'Palermo',
        departamento: null,
        descripcion: null,
      }),
    },
    [{ campo: 'logo', data: await fotoDePrueba('#36c') }],
  );
  if (creada.statusCode !== 201) throw new Error(`tienda/crear falló: ${creada.body}`);
  const tiendaId = creada.json().tienda._id as string;
  await t.database.db.execute(
    sql`update tiendas set habilitada = ${habilitada}, mp_vinculado = ${mpVinculado} where id = ${tiendaId}`,
  );
  const categorias = await t.app.inject({
    method: 'PUT',
    url: `/api/tienda/editar-categorias/${tiendaId}`,
    headers: vendedor.auth,
    payload: { categoriasLocales: [{ nombre: 'Almacén' }, { nombre: 'Bebidas' }] },
  });
  if (categorias.statusCode !== 200) throw new Error(`categorías falló: ${categorias.body}`);
  return { ...vendedor, tiendaId, categorias: categorias.json().categoriasLocales };
}

/**
 * The package of the test products: light and small, so that tests of stock and groups can
 * ship many units in one box (a carrier takes up to 50 kg).
 */
export const PAQUETE_LIVIANO = { peso: 0.1, largo: 10, ancho: 5, alto: 2 };

/** The fields of a valid product form of the seller. */
export const camposDeProducto = (v: VendedorDePrueba, cambios: Record<string, string> = {}) => ({
  vendedorId: v.userId,
  tiendaId: v.tiendaId,
  nombre: 'Yerba mate 1 kg',
  descripcion: 'Con palo, molienda tradicional.',
  precio: '4890.5',
  stock: '120',
  cantidadTotalGrupo: '10',
  categoriaLocalId: JSON.stringify([v.categorias[0]?._id]),
  paquete: JSON.stringify(PAQUETE_LIVIANO),
  ...cambios,
});

/** Loads a product through the API (201 expected); answers the product as saved. */
export async function crearProducto(
  t: TestApp,
  v: VendedorDePrueba,
  cambios: Record<string, string> = {},
) {
  const res = await multipart(t, 'POST', '/api/producto/crear', v, camposDeProducto(v, cambios), [
    { campo: 'imagen', data: await fotoDePrueba() },
  ]);
  if (res.statusCode !== 201) throw new Error(`producto/crear falló: ${res.body}`);
  return res.json().producto as { _id: string; imagen: string; nombre: string };
}

/** The first product of the first demo store and its open group, as the public API shows them. */
export async function productoYGrupoDemo(t: TestApp, vendedor: LoggedIn) {
  const tienda = await t.app.inject({ url: `/api/tienda/con-productos/${demoTiendaId(0)}` });
  const productoId = tienda.json().productos?.[0]?._id as string | undefined;
  if (!productoId) throw new Error(`la tienda demo no tiene productos: ${tienda.body}`);
  const abiertos = await t.app.inject({
    url: `/api/grupoDeCompra/gruposAbiertos/producto/${productoId}`,
    headers: vendedor.auth,
  });
  const groupId = abiertos.json().grupos?.[0]?._id as string | undefined;
  if (!groupId) throw new Error(`el producto demo no tiene grupo abierto: ${abiertos.body}`);
  return { tiendaId: demoTiendaId(0), productoId, groupId };
}
