import {
  type ClientToServerEvents,
  gruposDeTiendaResponseSchema,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTiendaId, demoVendedorEmail } from '../../db/seed/demo-tiendas';
import { DEMO_PASSWORD } from '../../db/seed/demo-usuarios';
import { type LoggedIn, login } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

type Cliente = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('realtime: a seller closing a group', () => {
  let t: TestApp;
  let address: string;
  let vendedor: LoggedIn;
  const clientes: Cliente[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { demoStores: true });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    vendedor = await login(t.app, demoVendedorEmail(0), DEMO_PASSWORD);
  });
  afterAll(async () => {
    for (const c of clientes) c.disconnect();
    await t?.close();
  });

  const conectar = async (): Promise<Cliente> => {
    const socket: Cliente = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      forceNew: true,
    });
    clientes.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('reaches every client in the group room, and nobody outside it', async () => {
    const res = await t.app.inject({
      url: `/api/grupoDeCompra/grupos/tienda/${demoTiendaId(0)}`,
      headers: vendedor.auth,
    });
    const abiertos = gruposDeTiendaResponseSchema
      .parse(res.json())
      .grupos.filter((g) => g.estado === 'abierto');
    const [grupo, otro] = abiertos;
    if (!grupo || !otro) throw new Error('the demo store needs two open groups');

    const [a, b, afuera] = await Promise.all([conectar(), conectar(), conectar()]);
    if (!a || !b || !afuera) throw new Error('no sockets');
    a.emit('joinGrupo', grupo._id);
    b.emit('joinGrupo', grupo._id);
    afuera.emit('joinGrupo', otro._id);
    const recibe = (socket: Cliente) =>
      new Promise((resolve) => socket.once('grupoCerradoPorVendedor', resolve));
    const actualizado = new Promise((resolve) => a.once('grupoActualizado', resolve));
    const deAfuera: unknown[] = [];
    afuera.on('grupoCerradoPorVendedor', (p) => deAfuera.push(p));
    afuera.on('grupoActualizado', (p) => deAfuera.push(p));
    // The joins reach the server before the close.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const cierre = await t.app.inject({
      method: 'POST',
      url: `/api/grupoDeCompra/cerrarGrupo/${grupo._id}`,
      headers: vendedor.auth,
    });
    expect(cierre.statusCode).toBe(200);

    await expect(Promise.all([recibe(a), recibe(b)])).resolves.toEqual([
      { grupoId: grupo._id },
      { grupoId: grupo._id },
    ]);
    // No personal data: the group's numbers and the product's name.
    await expect(actualizado).resolves.toEqual({
      grupoId: grupo._id,
      estado: 'cerrado',
      lugaresOcupados: grupo.lugaresOcupados,
      lugaresNecesarios: grupo.lugaresNecesarios,
      participantesCount: new Set(grupo.participantes.map((p) => p.usuarioId)).size,
      productoNombre: grupo.productoId.nombre,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deAfuera).toEqual([]);
  });
});
