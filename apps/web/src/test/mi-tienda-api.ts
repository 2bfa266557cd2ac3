import {
  type CategoriaLocal,
  categoriasLocalesResponseSchema,
  ENTREGA_EN_GRUPO_APAGADA,
  ERROR_MESSAGES,
  editarCategoriasResponseSchema,
  editarTiendaResponseSchema,
  entregaEnGrupoSchema,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  iniciarVinculacionResponseSchema,
  type TiendaDelVendedor,
  tiendaDelVendedorSchema,
  tiendaHabilitadaResponseSchema,
  tiendaPorUsuarioResponseSchema,
  tiendaPublicaSchema,
  verificarVinculacionResponseSchema,
} from '@compra-grupal/contracts';
import { checked, contractJson } from './contract';
import { type FetchCall, json, mockFetch } from './fetch';

/** Test data and a fake of the seller's calls (Mi Tienda, Editar Tienda, categories). */

export const MI_TIENDA_ID = 'a20000000000000000000001';

export function categoriaLocalId(n: number): string {
  return `e${String(n).padStart(23, '0')}`;
}

/**
 * The seller's store as GET tienda/por-usuario answers it (checked against the contract): the
 * one fixture of a seller's store, for every test that needs one.
 */
export function crearTiendaDelVendedor(
  overrides: Partial<TiendaDelVendedor> = {},
): TiendaDelVendedor {
  return checked(tiendaDelVendedorSchema, {
    _id: MI_TIENDA_ID,
    nombre: 'Verdulería La Huerta',
    descripcion: 'Frutas y verduras de estación, directo del productor.',
    logo: '/uploads/tiendas/la-huerta.jpg',
    telefono: '+54 11 4444-5555',
    email: 'hola@lahuerta.com.ar',
    razonSocial: 'La Huerta S.R.L.',
    entregaEnGrupo: ENTREGA_EN_GRUPO_APAGADA,
    ...overrides,
  });
}

/** How a call answers: a value, or one of the failures the screens tell apart. */
type Falla = 'error-servidor' | 'sin-conexion' | 'pendiente';

export interface MiTiendaApi {
  esVendedor: boolean | 'error' | 'pendiente';
  /** 'sin-tienda' is the server's 404. */
  habilitada: boolean | 'sin-tienda' | Falla;
  vinculado: boolean | Falla;
  authUrl: string | Falla;
  tienda: TiendaDelVendedor | Falla;
  /** The answer of PUT tienda/editar; by default the edited store. */
  editar: 'ok' | Falla | { status: number; mensaje: string };
  categorias: CategoriaLocal[] | 'sin-tienda' | Falla;
  guardarCategorias: 'ok' | Falla | { status: number; mensaje: string };
  esAdmin: boolean;
  /** The global category of the store's public page (GET tienda/con-productos/{id}). */
  categoriaGlobal: string | null | 'sin-tienda';
}

const never = () => new Promise<Response>(() => {});

function fallar(falla: Falla): Response | Promise<Response> {
  if (falla === 'pendiente') return never();
  if (falla === 'sin-conexion') throw new TypeError('Failed to fetch');
  return json(
    {
      error: 'Ocurrió un error inesperado. Intenta nuevamente.',
      mensaje: 'Ocurrió un error',
      code: 'ERROR_INTERNO',
    },
    500,
    'Internal Server Error',
  );
}

const tiendaNoEncontrada = () =>
  json(
    {
      error: ERROR_MESSAGES.TIENDA_NO_ENCONTRADA,
      mensaje: ERROR_MESSAGES.TIENDA_NO_ENCONTRADA,
      code: 'TIENDA_NO_ENCONTRADA',
    },
    404,
    'Not Found',
  );

const rechazo = ({ status, mensaje }: { status: number; mensaje: string }) =>
  json({ error: mensaje, mensaje, code: 'VALIDACION' }, status);

const esFalla = (valor: unknown): valor is Falla =>
  valor === 'error-servidor' || valor === 'sin-conexion' || valor === 'pendiente';

/**
 * Fakes the API for a signed-in seller. `estado` is live: a test may change it (the store gets
 * enabled) and the next call answers accordingly. Every call is recorded in `calls`.
 */
export function mockMiTiendaApi(inicial: Partial<MiTiendaApi> = {}) {
  const estado: MiTiendaApi = {
    esVendedor: true,
    habilitada: true,
    vinculado: true,
    authUrl: 'https://auth.mercadopago.com.ar/authorization?client_id=1&state=abc',
    tienda: crearTiendaDelVendedor(),
    editar: 'ok',
    categorias: [
      { _id: categoriaLocalId(1), nombre: 'Frutas' },
      { _id: categoriaLocalId(2), nombre: 'Verduras' },
    ],
    guardarCategorias: 'ok',
    esAdmin: false,
    categoriaGlobal: 'Verdulería',
    ...inicial,
  };

  const handler = (call: FetchCall): Response | Promise<Response> => {
    const { url, method } = call;
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/usuario/esVendedor') {
      if (estado.esVendedor === 'pendiente') return never();
      if (estado.esVendedor === 'error') return fallar('error-servidor');
      return contractJson(esVendedorResponseSchema, { esVendedor: estado.esVendedor });
    }
    if (path === '/api/usuario/esRepartidor')
      return contractJson(esRepartidorResponseSchema, { esRepartidor: false });
    if (path === '/api/usuario/esAdmin')
      return contractJson(esAdminResponseSchema, { esAdmin: estado.esAdmin });
    if (path.startsWith('/api/tienda/esta-habilitada/')) {
      if (estado.habilitada === 'sin-tienda') return tiendaNoEncontrada();
      if (esFalla(estado.habilitada)) return fallar(estado.habilitada);
      return contractJson(tiendaHabilitadaResponseSchema, { habilitada: estado.habilitada });
    }
    if (path.startsWith('/api/oauth/mercadopago/verificar/')) {
      if (esFalla(estado.vinculado)) return fallar(estado.vinculado);
      return contractJson(verificarVinculacionResponseSchema, { vinculado: estado.vinculado });
    }
    if (path.startsWith('/api/oauth/mercadopago/iniciar/')) {
      if (esFalla(estado.authUrl)) return fallar(estado.authUrl);
      return contractJson(iniciarVinculacionResponseSchema, { authUrl: estado.authUrl });
    }
    if (path.startsWith('/api/tienda/por-usuario/')) {
      if (esFalla(estado.tienda)) return fallar(estado.tienda);
      return contractJson(tiendaPorUsuarioResponseSchema, { tienda: estado.tienda });
    }
    if (path.startsWith('/api/tienda/editar/') && method === 'PUT') {
      if (esFalla(estado.editar)) return fallar(estado.editar);
      if (typeof estado.editar === 'object') return rechazo(estado.editar);
      const form = call.body as FormData;
      const actual = esFalla(estado.tienda) ? crearTiendaDelVendedor() : estado.tienda;
      const editada = checked(tiendaDelVendedorSchema, {
        ...actual,
        nombre: String(form.get('nombre')),
        descripcion: String(form.get('descripcion')),
        telefono: String(form.get('telefono')),
        email: String(form.get('email')),
        razonSocial: String(form.get('razonSocial')),
        logo: form.get('logoTienda') ? '/uploads/tiendas/nuevo.jpg' : actual.logo,
        // Without the field, the store keeps its settings (as the API does).
        entregaEnGrupo: form.has('entregaEnGrupo')
          ? entregaEnGrupoSchema.parse(JSON.parse(String(form.get('entregaEnGrupo'))))
          : actual.entregaEnGrupo,
      });
      estado.tienda = editada;
      return contractJson(editarTiendaResponseSchema, {
        mensaje: 'Tienda actualizada correctamente',
        tienda: editada,
      });
    }
    if (path.startsWith('/api/tienda/categorias-locales/')) {
      if (estado.categorias === 'sin-tienda') return tiendaNoEncontrada();
      if (esFalla(estado.categorias)) return fallar(estado.categorias);
      return contractJson(categoriasLocalesResponseSchema, {
        tiendaId: MI_TIENDA_ID,
        categoriasLocales: estado.categorias,
      });
    }
    if (path === `/api/tienda/con-productos/${MI_TIENDA_ID}`) {
      if (estado.categoriaGlobal === 'sin-tienda') return tiendaNoEncontrada();
      const tienda = esFalla(estado.tienda) ? crearTiendaDelVendedor() : estado.tienda;
      return contractJson(tiendaPublicaSchema, {
        ...tienda,
        habilitada: true,
        categoriaGlobal: estado.categoriaGlobal ? 'c90000000000000000000001' : null,
        categoriaNombre: estado.categoriaGlobal,
        productos: [],
        categoriasLocales: Array.isArray(estado.categorias) ? estado.categorias : [],
      });
    }
    if (path.startsWith('/api/tienda/editar-categorias/') && method === 'PUT') {
      if (esFalla(estado.guardarCategorias)) return fallar(estado.guardarCategorias);
      if (typeof estado.guardarCategorias === 'object') return rechazo(estado.guardarCategorias);
      const { categoriasLocales } = JSON.parse(String(call.body)) as {
        categoriasLocales: { _id?: string; nombre: string }[];
      };
      let nueva = 100;
      const guardadas = categoriasLocales.map(({ _id, nombre }) => ({
        _id: _id ?? categoriaLocalId(++nueva),
        nombre,
      }));
      estado.categorias = guardadas;
      return contractJson(editarCategoriasResponseSchema, {
        mensaje: 'Categorías actualizadas',
        categoriasLocales: guardadas,
      });
    }
    return json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404, 'Not Found');
  };

  return { ...mockFetch(handler), estado };
}

/** The calls to one path (any method), in order. */
export function callsTo(calls: readonly FetchCall[], fragment: string): FetchCall[] {
  return calls.filter((call) => call.url.includes(fragment));
}
