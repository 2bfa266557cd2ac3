import { esVendedorResponseSchema } from '@compra-grupal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { json, mockFetch } from '@/test/fetch';
import { makeToken } from '@/test/tokens';
import {
  ApiError,
  api,
  apiFetch,
  endedTheSession,
  renewAccessToken,
  setApiNavigate,
} from './api-client';

vi.mock('@/components/ui/toast', () => ({ toast: vi.fn() }));

const NOW = new Date('2025-03-01T12:00:00Z');
const REFRESH = '/api/usuario/refreshToken';

function tokenEndingIn(seconds: number, userId?: string) {
  return makeToken({ expiresIn: seconds, ...(userId ? { userId } : {}) });
}

/** An API that renews to `renewed` (or refuses) and answers other calls with `answer`. */
function apiWith({
  renewed = tokenEndingIn(15 * 60),
  renewStatus = 200,
  answer = (_token: string | null) => json({ esVendedor: true }),
}: {
  renewed?: string;
  renewStatus?: number;
  answer?: (token: string | null) => Response;
} = {}) {
  return mockFetch(({ url, headers }) => {
    if (url === REFRESH) {
      return renewStatus === 200
        ? json({ accessToken: renewed })
        : json({ error: 'No autorizado', mensaje: 'No autorizado' }, renewStatus, 'Unauthorized');
    }
    const auth = headers.get('Authorization');
    return answer(auth ? auth.replace('Bearer ', '') : null);
  });
}

describe('apiFetch', () => {
  const navigate = vi.fn();
  const onAuthChange = vi.fn();
  const onLogout = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    setApiNavigate(navigate);
    window.addEventListener('authChange', onAuthChange);
    window.addEventListener('logout', onLogout);
  });

  afterEach(() => {
    vi.useRealTimers();
    setApiNavigate(null);
    window.removeEventListener('authChange', onAuthChange);
    window.removeEventListener('logout', onLogout);
    navigate.mockReset();
    onAuthChange.mockReset();
    onLogout.mockReset();
    vi.mocked(toast).mockReset();
  });

  it('sends the stored token as a Bearer header and parses the answer with the schema', async () => {
    const token = tokenEndingIn(600);
    localStorage.setItem('accessToken', token);
    const { calls } = apiWith();

    const answer = await api.post(
      '/api/usuario/esVendedor',
      { userId: 'u1' },
      { schema: esVendedorResponseSchema },
    );

    expect(answer).toEqual({ esVendedor: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe(JSON.stringify({ userId: 'u1' }));
  });

  it("fails with 'No se encontró un token de acceso' when no token is stored", async () => {
    const { calls } = apiWith();
    await expect(api.get('/api/direccion/u1')).rejects.toThrow('No se encontró un token de acceso');
    expect(calls).toHaveLength(0);
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(600));
    const { calls } = apiWith({ answer: () => json({ ok: true }) });
    const form = new FormData();
    form.append('nombre', 'Mate');
    await api.post('/api/producto', form);
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('returns a file answer as a Blob, with the token, and still reads a failure as JSON', async () => {
    const token = tokenEndingIn(600);
    localStorage.setItem('accessToken', token);
    let answer = new Response('fecha;monto\n2026-11-01;1234,56\n', {
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    const { calls } = apiWith({ answer: () => answer });

    const archivo = await apiFetch<Blob>('/api/tienda/t1/ventas.csv', { responseType: 'blob' });
    expect(archivo).toBeInstanceOf(Blob);
    expect(await archivo.text()).toBe('fecha;monto\n2026-11-01;1234,56\n');
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);

    answer = json({ code: 'PROHIBIDO', message: 'No es tu tienda' }, 403, 'Forbidden');
    await expect(
      apiFetch<Blob>('/api/tienda/t1/ventas.csv', { responseType: 'blob' }),
    ).rejects.toMatchObject({ status: 403, code: 'PROHIBIDO', serverMessage: 'No es tu tienda' });
  });

  it('skips the token for public calls and passes credentials when asked', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(600));
    const { calls } = apiWith({ answer: () => json({ accessToken: 'x' }) });
    await api.post(
      '/api/usuario/login',
      { email: 'a@b.c' },
      { auth: false, credentials: 'include' },
    );
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(calls[0]?.credentials).toBe('include');
  });

  describe('the 30 s expiry margin', () => {
    it('renews first a token that ends within 29 s', async () => {
      localStorage.setItem('accessToken', tokenEndingIn(29));
      const renewed = tokenEndingIn(900);
      const { calls } = apiWith({ renewed });

      await api.get('/api/usuario/telefono/u1');

      expect(calls.map((call) => call.url)).toEqual([REFRESH, '/api/usuario/telefono/u1']);
      expect(calls[0]?.method).toBe('POST');
      expect(calls[0]?.credentials).toBe('include');
      expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${renewed}`);
      expect(localStorage.getItem('accessToken')).toBe(renewed);
      expect(onAuthChange).toHaveBeenCalledOnce();
    });

    it('uses a token that ends in 31 s as it is', async () => {
      const token = tokenEndingIn(31);
      localStorage.setItem('accessToken', token);
      const { calls } = apiWith();

      await api.get('/api/usuario/telefono/u1');

      expect(calls.map((call) => call.url)).toEqual(['/api/usuario/telefono/u1']);
      expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
      expect(onAuthChange).not.toHaveBeenCalled();
    });

    it('renews first a token that cannot be decoded', async () => {
      localStorage.setItem('accessToken', 'no-es-un-jwt');
      const { calls } = apiWith();
      await api.get('/api/usuario/telefono/u1');
      expect(calls.map((call) => call.url)).toEqual([REFRESH, '/api/usuario/telefono/u1']);
    });
  });

  it('makes concurrent callers share one renewal', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(-60));
    const renewed = tokenEndingIn(900);
    const { calls } = apiWith({ renewed });

    const results = await Promise.all([
      api.get('/api/a'),
      api.get('/api/b'),
      api.get('/api/c'),
      renewAccessToken(),
    ]);

    expect(calls.filter((call) => call.url === REFRESH)).toHaveLength(1);
    for (const call of calls.filter((c) => c.url !== REFRESH)) {
      expect(call.headers.get('Authorization')).toBe(`Bearer ${renewed}`);
    }
    expect(results[3]).toBe(renewed);
    expect(onAuthChange).toHaveBeenCalledOnce();

    // Once settled, a later renewal is a new request.
    await renewAccessToken();
    expect(calls.filter((call) => call.url === REFRESH)).toHaveLength(2);
  });

  it('takes turns with other tabs and uses a token one of them renewed meanwhile', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(-60));
    const renewedElsewhere = tokenEndingIn(900);
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      // While this tab waited for the lock, another tab renewed and stored its token.
      localStorage.setItem('accessToken', renewedElsewhere);
      return task();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      const { calls } = apiWith();
      await api.get('/api/a');
      expect(request).toHaveBeenCalledWith('compra-grupal:renovacion-token', expect.any(Function));
      expect(calls.map((call) => call.url)).toEqual(['/api/a']);
      expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${renewedElsewhere}`);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('keeps the session closed when a logout happens while a renewal travels', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(-60));
    mockFetch(({ url }) => {
      if (url === REFRESH) {
        localStorage.removeItem('accessToken');
        return json({ accessToken: tokenEndingIn(900) });
      }
      return json({});
    });
    await expect(renewAccessToken()).rejects.toThrow('No se pudo renovar el token');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onAuthChange).not.toHaveBeenCalled();
  });

  it('renews and retries once after a 401', async () => {
    const old = tokenEndingIn(600);
    const renewed = tokenEndingIn(900);
    localStorage.setItem('accessToken', old);
    const { calls } = apiWith({
      renewed,
      answer: (token) =>
        token === renewed ? json({ esVendedor: false }) : json({ error: 'Token inválido' }, 401),
    });

    await expect(api.post('/api/usuario/esVendedor', { userId: 'u1' })).resolves.toEqual({
      esVendedor: false,
    });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/usuario/esVendedor',
      REFRESH,
      '/api/usuario/esVendedor',
    ]);
    expect(calls[2]?.body).toBe(JSON.stringify({ userId: 'u1' }));
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    expect(toast).not.toHaveBeenCalled();
  });

  it("ends the session with 'Sesión expirada' after a second 401", async () => {
    localStorage.setItem('accessToken', tokenEndingIn(600));
    const { calls } = apiWith({ answer: () => json({ error: 'Token inválido' }, 401) });

    await expect(api.get('/api/usuario/telefono/u1')).rejects.toMatchObject({
      status: 401,
      message: 'Sesión expirada',
    });

    expect(calls.filter((call) => call.url !== REFRESH)).toHaveLength(2);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onLogout).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Sesión expirada', variant: 'destructive' }),
    );
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it("ends the session once when a renewal fails ('No se pudo renovar el token')", async () => {
    localStorage.setItem('accessToken', tokenEndingIn(10));
    const { calls } = apiWith({ renewStatus: 401 });

    const results = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(ApiError);
        expect(result.reason.message).toBe('No se pudo renovar el token');
      }
    }
    expect(calls.map((call) => call.url)).toEqual([REFRESH]);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onLogout).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sesión expirada' }));
    expect(navigate).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('ends the session when the renewal after a 401 fails', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(600));
    apiWith({ renewStatus: 401, answer: () => json({ error: 'Token inválido' }, 401) });
    await expect(api.get('/api/a')).rejects.toThrow('No se pudo renovar el token');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sesión expirada' }));
  });

  it('ends the session when the server refuses the renewal with a 403', async () => {
    localStorage.setItem('accessToken', tokenEndingIn(10));
    apiWith({ renewStatus: 403 });
    await expect(api.get('/api/a')).rejects.toThrow('No se pudo renovar el token');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onLogout).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  describe('a renewal that meets an outage keeps the session', () => {
    const outages: [string, () => Response | Promise<Response>][] = [
      ['fetch throws', () => Promise.reject(new TypeError('Failed to fetch'))],
      ['the server answers 503', () => json({ error: 'No disponible' }, 503)],
      ['the proxy answers 502 without a body', () => new Response('', { status: 502 })],
    ];
    for (const [caso, respuesta] of outages) {
      it(`when ${caso}: 'Error de conexión', token kept, no redirect`, async () => {
        const expiring = tokenEndingIn(10);
        localStorage.setItem('accessToken', expiring);
        mockFetch(({ url }) => (url === REFRESH ? respuesta() : json({ esVendedor: true })));

        const error = await api.get('/api/a').catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ message: 'Error de conexión', code: 'SIN_CONEXION' });
        expect(endedTheSession(error)).toBe(false);
        expect(localStorage.getItem('accessToken')).toBe(expiring);
        expect(onLogout).not.toHaveBeenCalled();
        expect(navigate).not.toHaveBeenCalled();
        expect(toast).not.toHaveBeenCalledWith(
          expect.objectContaining({ title: 'Sesión expirada' }),
        );
      });
    }

    it('after a 401 too, and the next call renews once the server is back', async () => {
      const old = tokenEndingIn(600);
      const renewed = tokenEndingIn(900);
      localStorage.setItem('accessToken', old);
      let caido = true;
      mockFetch(({ url, headers }) => {
        if (url === REFRESH) {
          return caido
            ? Promise.reject(new TypeError('Failed to fetch'))
            : json({ accessToken: renewed });
        }
        return headers.get('Authorization') === `Bearer ${renewed}`
          ? json({ esVendedor: true })
          : json({ error: 'Token inválido' }, 401);
      });

      await expect(api.get('/api/a')).rejects.toMatchObject({ message: 'Error de conexión' });
      expect(localStorage.getItem('accessToken')).toBe(old);
      expect(navigate).not.toHaveBeenCalled();

      caido = false;
      await expect(api.get('/api/a')).resolves.toEqual({ esVendedor: true });
      expect(localStorage.getItem('accessToken')).toBe(renewed);
    });
  });

  it('does not renew on a 401 of a public call', async () => {
    const { calls } = apiWith({
      answer: () =>
        json(
          {
            error: 'Email o contraseña incorrectos',
            mensaje: 'Email o contraseña incorrectos',
            code: 'CREDENCIALES_INVALIDAS',
          },
          401,
          'Unauthorized',
        ),
    });
    const error = await apiFetch('/api/usuario/login', { method: 'POST', auth: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'CREDENCIALES_INVALIDAS',
      message: 'Email o contraseña incorrectos',
      serverMessage: 'Email o contraseña incorrectos',
    });
    expect(calls).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('carries the status, code, message and invalid fields of a failure', async () => {
    apiWith({
      answer: () =>
        json(
          {
            error: 'Datos inválidos',
            mensaje: 'Datos inválidos',
            code: 'VALIDACION',
            detalles: [{ campo: 'telefono', mensaje: 'Ingresa un teléfono válido' }],
          },
          400,
          'Bad Request',
        ),
    });
    await expect(api.post('/api/usuario/registrar', {}, { auth: false })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDACION',
      message: 'Datos inválidos',
      detalles: [{ campo: 'telefono', mensaje: 'Ingresa un teléfono válido' }],
    });
  });

  it("reads 'message' too, and falls back to 'Error en la solicitud: ' + status text", async () => {
    let answer = json({ message: 'Algo salió mal' }, 500, 'Internal Server Error');
    apiWith({ answer: () => answer });
    await expect(api.get('/api/x', { auth: false })).rejects.toThrow('Algo salió mal');

    answer = new Response('', { status: 502, statusText: 'Bad Gateway' });
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({
      status: 502,
      message: 'Error en la solicitud: Bad Gateway',
      serverMessage: undefined,
    });
  });
});
