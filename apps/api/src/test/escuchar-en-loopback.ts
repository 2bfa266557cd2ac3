import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a test server on a free port of 127.0.0.1; `cerrar` drops its open connections and
 * stops it (a client's keep-alive socket would hold it open).
 */
export async function escucharEnLoopback(
  server: Server,
): Promise<{ puerto: number; cerrar: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    puerto: port,
    cerrar: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
