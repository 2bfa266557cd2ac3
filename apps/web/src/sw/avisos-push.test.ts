import { describe, expect, it, vi } from 'vitest';
import { avisoDelMensaje, escucharAvisosPush, rutaPropia } from './avisos-push';

/** A service worker's global scope, as far as the push handlers use it. */
function workerDePrueba(ventanas: { url: string }[] = []) {
  const oyentes = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const focus = vi.fn();
  const navigate = vi.fn(async (url: string) => ({ url }));
  const openWindow = vi.fn(async () => null);
  const clientes = ventanas.map((v) => ({
    url: v.url,
    focus: async () => {
      focus(v.url);
      return { url: v.url, navigate };
    },
  }));
  const sw = {
    location: { origin: 'https://compragrupal.com.ar' },
    registration: { showNotification },
    clients: { matchAll: async () => clientes, openWindow },
    addEventListener: (tipo: string, oyente: (event: unknown) => void) => oyentes.set(tipo, oyente),
  };
  escucharAvisosPush(sw as unknown as ServiceWorkerGlobalScope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const despachar = async (tipo: string, event: object) => {
    let espera: Promise<unknown> = Promise.resolve();
    oyentes.get(tipo)?.({
      ...event,
      waitUntil: (promesa: Promise<unknown>) => {
        espera = promesa;
      },
    });
    await espera;
  };
  return { despachar, showNotification, focus, navigate, openWindow };
}

const push = (datos: unknown) => ({
  data: {
    json: () => {
      if (typeof datos === 'string') return JSON.parse(datos);
      return datos;
    },
  },
});

const tocar = (enlace: unknown) => ({
  notification: { close: vi.fn(), data: { enlace } },
});

describe('notices on the device: the service worker', () => {
  it('shows each push as a notification with its title, text and screen', async () => {
    const sw = workerDePrueba();
    await sw.despachar(
      'push',
      push({ titulo: 'Grupo completo: Yerba', cuerpo: 'Tu código: ABC234', enlace: '/my-orders' }),
    );
    expect(sw.showNotification).toHaveBeenCalledWith('Grupo completo: Yerba', {
      body: 'Tu código: ABC234',
      icon: '/iconos/icono-192.png',
      lang: 'es-AR',
      data: { enlace: '/my-orders' },
    });
  });

  it('still says something of a malformed push, and never links outside the app', async () => {
    const sw = workerDePrueba();
    await sw.despachar('push', push('{no es json'));
    expect(sw.showNotification).toHaveBeenCalledWith(
      'Compra Grupal',
      expect.objectContaining({ body: '', data: { enlace: '/' } }),
    );
    expect(avisoDelMensaje({ titulo: 3, enlace: 'https://otro.example/x' })).toEqual({
      titulo: 'Compra Grupal',
      cuerpo: '',
      enlace: '/',
    });
    for (const ajeno of ['//otro.example/x', '/\\otro.example', 'javascript:alert(1)', null]) {
      expect(rutaPropia(ajeno)).toBe('/');
    }
    expect(rutaPropia('/group/0123456789abcdef01234567')).toBe('/group/0123456789abcdef01234567');
  });

  it("tapped: takes an open window of the app to the notice's screen, or opens one", async () => {
    const abierta = workerDePrueba([{ url: 'https://compragrupal.com.ar/cart' }]);
    const notificacion = tocar('/my-orders');
    await abierta.despachar('notificationclick', notificacion);
    expect(notificacion.notification.close).toHaveBeenCalled();
    expect(abierta.focus).toHaveBeenCalledWith('https://compragrupal.com.ar/cart');
    expect(abierta.navigate).toHaveBeenCalledWith('https://compragrupal.com.ar/my-orders');
    expect(abierta.openWindow).not.toHaveBeenCalled();

    const ninguna = workerDePrueba([{ url: 'https://otro.example/' }]);
    await ninguna.despachar('notificationclick', tocar('//otro.example/robar'));
    expect(ninguna.openWindow).toHaveBeenCalledWith('https://compragrupal.com.ar/');
  });
});
