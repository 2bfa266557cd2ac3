import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitoAbierto, crearInterruptor } from './interruptor';

function registro() {
  const lineas: { nivel: 'error' | 'info'; mensaje: string }[] = [];
  return {
    lineas,
    log: {
      error: (_: object, mensaje: string) => lineas.push({ nivel: 'error', mensaje }),
      info: (_: object, mensaje: string) => lineas.push({ nivel: 'info', mensaje }),
    },
  };
}

const falla = () => Promise.reject(new Error('Command timed out'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('crearInterruptor', () => {
  it('opens after three failures in a row and then answers at once without calling the store', async () => {
    const { log, lineas } = registro();
    const interruptor = crearInterruptor({ log, nombre: 'Redis', pausaMs: 5_000 });
    for (let i = 0; i < 3; i += 1) {
      await expect(interruptor.ejecutar(falla)).rejects.toThrow('Command timed out');
    }
    expect(interruptor.abierto()).toBe(true);
    const trabajo = vi.fn(() => Promise.resolve('no debería correr'));
    await expect(interruptor.ejecutar(trabajo)).rejects.toBeInstanceOf(CircuitoAbierto);
    expect(trabajo).not.toHaveBeenCalled();
    expect(lineas).toHaveLength(1);
    expect(lineas[0]?.nivel).toBe('error');
  });

  it('a success in between starts the count again', async () => {
    const { log } = registro();
    const interruptor = crearInterruptor({ log, nombre: 'Redis' });
    await expect(interruptor.ejecutar(falla)).rejects.toThrow();
    await expect(interruptor.ejecutar(falla)).rejects.toThrow();
    await interruptor.ejecutar(() => Promise.resolve(1));
    await expect(interruptor.ejecutar(falla)).rejects.toThrow();
    await expect(interruptor.ejecutar(falla)).rejects.toThrow();
    expect(interruptor.abierto()).toBe(false);
  });

  it('after the pause lets one probe through; its success closes the circuit, logged once', async () => {
    const { log, lineas } = registro();
    const interruptor = crearInterruptor({ log, nombre: 'Redis', pausaMs: 5_000 });
    for (let i = 0; i < 3; i += 1) await interruptor.ejecutar(falla).catch(() => undefined);
    vi.setSystemTime(Date.now() + 5_000);

    let responder!: (valor: string) => void;
    const prueba = interruptor.ejecutar(
      () =>
        new Promise<string>((resolve) => {
          responder = resolve;
        }),
    );
    // While the probe is out, every other call still fails at once.
    await expect(interruptor.ejecutar(() => Promise.resolve('otra'))).rejects.toBeInstanceOf(
      CircuitoAbierto,
    );
    responder('ok');
    await expect(prueba).resolves.toBe('ok');
    expect(interruptor.abierto()).toBe(false);
    await expect(interruptor.ejecutar(() => Promise.resolve('cerrado'))).resolves.toBe('cerrado');
    expect(lineas.map((l) => l.nivel)).toEqual(['error', 'info']);
  });

  it('a failed probe opens it for another pause, without another log line', async () => {
    const { log, lineas } = registro();
    const interruptor = crearInterruptor({ log, nombre: 'Redis', pausaMs: 5_000 });
    for (let i = 0; i < 3; i += 1) await interruptor.ejecutar(falla).catch(() => undefined);
    vi.setSystemTime(Date.now() + 5_000);
    await expect(interruptor.ejecutar(falla)).rejects.toThrow('Command timed out');
    const trabajo = vi.fn(() => Promise.resolve(1));
    await expect(interruptor.ejecutar(trabajo)).rejects.toBeInstanceOf(CircuitoAbierto);
    expect(trabajo).not.toHaveBeenCalled();
    expect(lineas).toHaveLength(1);
  });
});
