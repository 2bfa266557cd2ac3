import {
  type ClientToServerEvents,
  gruposDeTiendaResponseSchema,
  rooms,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTiendaId, demoVendedorEmail } from '../../demo/demo-tiendas';
import { DEMO_PASSWORD } from '../../demo/demo-usuarios';
import { type LoggedIn, login } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

type Cliente = Socket<ServerToClientEvents, ClientToServerEvents>;
type GrupoActualizado = Parameters<ServerToClientEvents['grupoActualizado']>[0];

/** Probes are grupoActualizado payloads whose product name starts with this. */
const SONDA = 'sonda';
const esSonda = (p: GrupoActualizado) => p.productoNombre.startsWith(SONDA);

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

  /**
   * Sends a probe (a grupoActualizado naming `marca`) to the group's room through the port the
   * services use, again every 20 ms, until the socket receives it.
   */
  const sondear = async (socket: Cliente, grupoId: string, marca: string) => {
    const sonda: GrupoActualizado = {
      grupoId,
      estado: 'abierto',
      lugaresOcupados: 0,
      lugaresNecesarios: 1,
      participantesCount: 0,
      productoNombre: marca,
    };
    const recibida = new Promise<void>((resolve) => {
      const escuchar = (p: GrupoActualizado) => {
        if (p.productoNombre !== marca) return;
        socket.off('grupoActualizado', escuchar);
        resolve();
      };
      socket.on('grupoActualizado', escuchar);
    });
    const enviar = () => t.app.realtime.emitToRoom(rooms.grupo(grupoId), 'grupoActualizado', sonda);
    enviar();
    const otraVez = setInterval(enviar, 20);
    try {
      await recibida;
    } finally {
      clearInterval(otraVez);
    }
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
    // The joins have reached the server once a probe sent to each room arrives (sent again
    // until it does: a join has no acknowledgement).
    await Promise.all([
      sondear(a, grupo._id, `${SONDA} de entrada`),
      sondear(b, grupo._id, `${SONDA} de entrada`),
      sondear(afuera, otro._id, `${SONDA} de entrada`),
    ]);

    const recibe = (socket: Cliente) =>
      new Promise((resolve) => socket.once('grupoCerradoPorVendedor', resolve));
    const actualizado = new Promise((resolve) => {
      const escuchar = (p: GrupoActualizado) => {
        if (esSonda(p)) return; // a probe sent twice may still be on its way
        a.off('grupoActualizado', escuchar);
        resolve(p);
      };
      a.on('grupoActualizado', escuchar);
    });
    const deAfuera: unknown[] = [];
    afuera.on('grupoCerradoPorVendedor', (p) => deAfuera.push(p));
    afuera.on('grupoActualizado', (p) => {
      if (!esSonda(p)) deAfuera.push(p);
    });

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
    // A socket receives its events in the order the server sends them: once a probe sent to
    // the other room after the close arrives, anything the close sent there would have too.
    await sondear(afuera, otro._id, `${SONDA} de salida`);
    expect(deAfuera).toEqual([]);
  });
});
