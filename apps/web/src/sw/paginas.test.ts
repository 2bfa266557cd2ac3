import { describe, expect, it } from 'vitest';
import { comoCopiaGuardada, destinoDeLaNavegacion, marcarCopiaGuardada } from './paginas';

const ORIGEN = 'https://compragrupal.com.ar';
const destino = (path: string, origen = ORIGEN) =>
  destinoDeLaNavegacion(new URL(path, origen), ORIGEN);

describe('what the service worker does with a navigation (docs/decisions/056)', () => {
  it('keeps the app’s pages, public and signed-in alike (their HTML holds no one’s data)', () => {
    for (const path of ['/', '/?q=yerba', '/product/abc', '/store/abc', '/group/abc', '/my-orders'])
      expect(destino(path), path).toBe('guardar');
  });

  it('answers, without keeping, the pages that carry a one-time code or a payment’s result', () => {
    for (const path of [
      '/auth/callback?code=x&state=y',
      '/mercadopago-callback?success=true',
      '/restablecer-contrasenia?token=x',
      '/verificar-email?token=x',
      '/success?payment_id=1',
      '/failure',
    ])
      expect(destino(path), path).toBe('sin-guardar');
  });

  it('never touches the API, the realtime connection, the uploads or the development pages', () => {
    for (const path of [
      '/api/docs',
      '/api/oauth/mercadopago/callback?code=x',
      '/socket.io/?EIO=4',
      '/uploads/productos/x.jpg',
      '/dev/correos',
    ])
      expect(destino(path), path).toBe('ajena');
    expect(destino('/product/abc', 'https://otro.example')).toBe('ajena');
    // A page whose name only starts like those is the app's.
    expect(destino('/apis')).toBe('guardar');
  });
});

describe('a page from the cache', () => {
  it('is marked on <html> with when it was saved', () => {
    expect(
      marcarCopiaGuardada(
        '<!doctype html><html lang="es-AR" data-dibujada><head>',
        '2026-11-29T20:00:00.000Z',
      ),
    ).toBe(
      '<!doctype html><html data-copia-guardada="2026-11-29T20:00:00.000Z" lang="es-AR" data-dibujada><head>',
    );
  });

  it('keeps its status and headers, with the time from its Date header and no stale length or encoding', async () => {
    const html = '<!doctype html><html lang="es-AR"><body>Yerba</body></html>';
    const guardada = new Response(html, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        'content-length': '999',
        date: 'Sun, 29 Nov 2026 20:00:00 GMT',
        'x-robots-tag': 'noindex',
      },
    });
    const copia = await comoCopiaGuardada(guardada);
    expect(copia.status).toBe(200);
    expect(copia.headers.get('x-robots-tag')).toBe('noindex');
    expect(copia.headers.get('content-encoding')).toBeNull();
    expect(copia.headers.get('content-length')).toBeNull();
    expect(await copia.text()).toBe(
      '<!doctype html><html data-copia-guardada="2026-11-29T20:00:00.000Z" lang="es-AR"><body>Yerba</body></html>',
    );
  });

  it('is marked without a time when the server sent no Date, and anything but HTML goes as it is', async () => {
    const sinFecha = await comoCopiaGuardada(
      new Response('<html><body></body></html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(await sinFecha.text()).toBe('<html data-copia-guardada=""><body></body></html>');
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect(await comoCopiaGuardada(json)).toBe(json);
  });
});
