import {
  accessTokenResponseSchema,
  avisosPaginaSchema,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  mensajeResponseSchema,
  metodosDeIngresoResponseSchema,
  type Soporte,
  soporteSchema,
  usuarioResponseSchema,
} from '@compra-grupal/contracts';
import { vi } from 'vitest';
import { AVISOS_PATH } from '@/features/avisos/api/get-avisos';
import { SOPORTE_PATH } from '@/features/grupo/api/get-soporte';
import { METODOS_DE_INGRESO_PATH } from '@/features/usuario/api/get-metodos-de-ingreso';

let soporte: Soporte = { telefono: null, email: null };
/**
 * What GET /api/soporte answers until the next mockFetch (none configured by default): call it
 * after mocking the API.
 */
export function conSoporte(configurado: Partial<Soporte>): void {
  soporte = { telefono: null, email: null, ...configurado };
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/** A JSON answer. */
export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` for one test. The handler sees each call (url, method, headers, body) and
 * returns the answer; every call is recorded in `calls`. The sign-in screens' question for
 * the available sign-in methods is answered apart (Google configured, unless `google: false`)
 * and not recorded, and so is the support contact's (none, unless `conSoporte`), and so are
 * the top bar's bell's (no notifications), unless `avisos: true` hands them to the handler.
 */
export function mockFetch(
  handler: Handler,
  { google = true, avisos = false }: { google?: boolean; avisos?: boolean } = {},
) {
  const calls: FetchCall[] = [];
  soporte = { telefono: null, email: null };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
    };
    if (call.url.endsWith(METODOS_DE_INGRESO_PATH)) {
      return json(metodosDeIngresoResponseSchema.parse({ google }));
    }
    if (call.url.endsWith(SOPORTE_PATH)) return json(soporteSchema.parse(soporte));
    if (!avisos && new URL(call.url, 'http://x').pathname.startsWith(AVISOS_PATH)) {
      return json(avisosPaginaSchema.parse({ avisos: [], noLeidos: 0, siguiente: null }));
    }
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * The answers of the API for a signed-in user with the given roles (nothing else). With
 * `accessToken`, a login succeeds and hands out that token.
 */
export function mockUsuarioApi({
  esVendedor = false,
  esRepartidor = false,
  esAdmin = false,
  nombre = 'Ana Pérez',
  email = 'ana@example.com',
  emailVerificado = true,
  accessToken,
  otras,
}: {
  esVendedor?: boolean | 'error' | 'pending';
  esRepartidor?: boolean | 'error' | 'pending';
  esAdmin?: boolean | 'error' | 'pending';
  nombre?: string;
  email?: string;
  /** Whether the account confirmed its address ('Confirmá tu correo' shows when false). */
  emailVerificado?: boolean;
  accessToken?: string;
  /** Answers other calls first (undefined: fall through to the usuario answers). */
  otras?: (call: FetchCall) => Response | Promise<Response> | undefined;
} = {}) {
  const never = () => new Promise<Response>(() => {});
  return mockFetch((call) => {
    const otra = otras?.(call);
    if (otra) return otra;
    const { url } = call;
    if (accessToken !== undefined && url.endsWith('/api/usuario/login')) {
      return json(accessTokenResponseSchema.parse({ accessToken }));
    }
    if (url.endsWith('/api/usuario/esVendedor')) {
      if (esVendedor === 'pending') return never();
      if (esVendedor === 'error') return json({ error: 'Falló', mensaje: 'Falló' }, 500);
      return json(esVendedorResponseSchema.parse({ esVendedor }));
    }
    if (url.endsWith('/api/usuario/esRepartidor')) {
      if (esRepartidor === 'pending') return never();
      if (esRepartidor === 'error') return json({ error: 'Falló', mensaje: 'Falló' }, 500);
      return json(esRepartidorResponseSchema.parse({ esRepartidor }));
    }
    if (url.endsWith('/api/usuario/esAdmin')) {
      if (esAdmin === 'pending') return never();
      if (esAdmin === 'error') return json({ error: 'Falló', mensaje: 'Falló' }, 500);
      return json(esAdminResponseSchema.parse({ esAdmin }));
    }
    if (url.endsWith('/api/usuario/logout'))
      return json(mensajeResponseSchema.parse({ mensaje: 'Sesión cerrada' }));
    if (/\/api\/usuario\/[0-9a-f]{24}$/.test(url)) {
      return json(
        usuarioResponseSchema.parse({
          success: true,
          usuario: { nombre, email, emailVerificado },
        }),
      );
    }
    return json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404, 'Not Found');
  });
}
