import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between a node and one of its services (PostgreSQL, Redis), for
 * fault tests: it forwards bytes both ways until told to
 * - `cortar()`: reset every open connection (a failover, a network blip); new ones go through;
 * - `rechazar()`: stop listening, so connections are refused, and reset the open ones;
 * - `silenciar()`: keep every connection open but let no byte through, either way, old or new
 *   (a hung server, a half-dead network path);
 * - `restablecer()`: forward again; connections that were silenced are reset (bytes were lost,
 *   as a real network would), a refusing proxy listens again on the same port.
 */
export interface ProxyDeFallas {
  /** `127.0.0.1:<port>` to give the node instead of the service's address. */
  host: string;
  port: number;
  /** The service's URL with the proxy's host and port (`postgres://…`, `redis://…`). */
  url(servicio: string): string;
  rechazar(): Promise<void>;
  silenciar(): void;
  restablecer(): Promise<void>;
  close(): Promise<void>;
}

interface Par {
  cliente: Socket;
  servicio: Socket;
  silenciado: boolean;
}

export async function iniciarProxyDeFallas(destino: {
  host: string;
  port: number;
}): Promise<ProxyDeFallas> {
  const pares = new Set<Par>();
  let silencio = false;

  const resetear = (par: Par) => {
    pares.delete(par);
    par.cliente.resetAndDestroy();
    par.servicio.resetAndDestroy();
  };

  const server = net.createServer((cliente) => {
    const servicio = net.connect(destino.port, destino.host);
    const par: Par = { cliente, servicio, silenciado: silencio };
    pares.add(par);
    const pasar = (hacia: Socket) => (chunk: Buffer) => {
      if (!par.silenciado) hacia.write(chunk);
    };
    cliente.on('data', pasar(servicio));
    servicio.on('data', pasar(cliente));
    const terminar = () => {
      if (!pares.delete(par)) return;
      cliente.destroy();
      servicio.destroy();
    };
    for (const socket of [cliente, servicio]) {
      socket.on('error', terminar);
      socket.on('close', terminar);
    }
  });
  const escuchar = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await escuchar(0);
  const port = (server.address() as AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    url(servicio) {
      const url = new URL(servicio);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async rechazar() {
      const cerrado = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const par of [...pares]) resetear(par);
      await cerrado;
    },
    silenciar() {
      silencio = true;
      for (const par of pares) par.silenciado = true;
    },
    async restablecer() {
      silencio = false;
      for (const par of [...pares]) if (par.silenciado) resetear(par);
      if (!server.listening) await escuchar(port);
    },
    async close() {
      for (const par of [...pares]) resetear(par);
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
