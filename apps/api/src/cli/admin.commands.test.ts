import type { ClientToServerEvents, ServerToClientEvents } from '@compra-grupal/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTiendaId, demoVendedorEmail } from '../demo/demo-tiendas';
import { DEMO_TIENDAS } from '../demo/demo-tiendas.data';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { type LoggedIn, login, registerAndLogin, verifyEmail } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { ADMIN_USAGE, runAdminCommand } from './admin.commands';

const EN_REVISION = DEMO_TIENDAS.findIndex((t) => t.nombre === 'Pastas de la Nonna');
const SIN_MP = DEMO_TIENDAS.findIndex((t) => t.nombre === 'Dietética Natural');

/**
 * `npm run admin` (admin.cli.ts) is this function on the configured database, printing to the
 * console. Here it runs on the test app's own database, beside the app, as the command would
 * beside a running server on a shared PostgreSQL database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
});
afterAll(() => t.close());

async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(
    args,
    { database: t.database, config: t.app.config },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out, err };
}

const estaHabilitada = async (who: LoggedIn) =>
  (
    await t.app.inject({ url: `/api/tienda/esta-habilitada/${who.userId}`, headers: who.auth })
  ).json().habilitada as boolean;

describe('npm run admin -- stores', () => {
  it('lists the stores waiting for review, one per line, with their Mercado Pago state', async () => {
    const { code, out, err } = await admin('stores');
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const pastas = out.find((line) => line.startsWith(demoTiendaId(EN_REVISION)));
    expect(pastas?.split('\t').slice(0, 5)).toEqual([
      demoTiendaId(EN_REVISION),
      'pendiente',
      'MP vinculado',
      'Pastas de la Nonna',
      'revision@compragrupal.com.ar',
    ]);
    expect(out.find((line) => line.startsWith(demoTiendaId(SIN_MP)))).toContain('MP sin vincular');
    expect(out.every((line) => line.includes('\tpendiente\t'))).toBe(true);
  });

  it('lists the enabled ones or all, and refuses another state with the usage', async () => {
    const habilitadas = await admin('stores', 'habilitadas');
    expect(habilitadas.out).toHaveLength(DEMO_TIENDAS.filter((d) => d.habilitada).length);
    expect((await admin('stores', 'todas')).out).toHaveLength(DEMO_TIENDAS.length);
    expect(await admin('stores', 'borradas')).toEqual({ code: 2, out: [], err: [ADMIN_USAGE] });
  });
});

describe('npm run admin -- enable-store / disable-store', () => {
  it("enables through the service, and a listening server's outbox poll tells the seller", async () => {
    const vendedora = await login(t.app, demoVendedorEmail(EN_REVISION), DEMO_PASSWORD);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: vendedora.accessToken },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const oido = new Promise<{ tiendaId: string }>((resolve) =>
        socket.once('tiendaHabilitada', resolve),
      );
      // The command does not kick the server's publisher (another process would not): the
      // server's 1 s poll finds the committed event.
      const { code, out } = await admin('enable-store', demoTiendaId(EN_REVISION));
      expect(code).toBe(0);
      expect(out).toEqual([
        `Tienda habilitada: Pastas de la Nonna (${demoTiendaId(EN_REVISION)}, revision@compragrupal.com.ar).`,
      ]);
      expect(await oido).toEqual({ tiendaId: demoTiendaId(EN_REVISION) });
      expect(await estaHabilitada(vendedora)).toBe(true);
    } finally {
      socket.close();
    }

    expect((await admin('enable-store', demoTiendaId(EN_REVISION))).out[0]).toMatch(
      /^La tienda ya estaba habilitada: /,
    );
    const baja = await admin('disable-store', demoTiendaId(EN_REVISION));
    expect(baja.code).toBe(0);
    expect(baja.out[0]).toMatch(/^Tienda deshabilitada: Pastas de la Nonna /);
    expect(await estaHabilitada(vendedora)).toBe(false);
  });

  it('warns when the store has not linked Mercado Pago', async () => {
    const { code, out } = await admin('enable-store', demoTiendaId(SIN_MP));
    expect(code).toBe(0);
    expect(out[1]).toBe('Aviso: la tienda aún no vinculó Mercado Pago.');
    await admin('disable-store', demoTiendaId(SIN_MP));
  });

  it('answers 1 for an unknown store and 2 for a malformed id or a missing one', async () => {
    expect(await admin('enable-store', 'ffffffffffffffffffffffff')).toEqual({
      code: 1,
      out: [],
      err: ['No existe una tienda con el id ffffffffffffffffffffffff.'],
    });
    expect((await admin('disable-store', 'no-es-un-id')).code).toBe(2);
    expect(await admin('enable-store')).toEqual({ code: 2, out: [], err: [ADMIN_USAGE] });
  });
});

describe('npm run admin -- roles', () => {
  it('promotes and demotes by email, which the API honours at once', async () => {
    const persona = await registerAndLogin(t.app);
    // Only a verified address may be promoted (docs/decisions/040; refused before).
    expect((await admin('promote', persona.email)).code).toBe(1);
    await verifyEmail(t.app, persona.userId);
    const esAdmin = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/usuario/esAdmin',
          headers: persona.auth,
          payload: { userId: persona.userId },
        })
      ).json().esAdmin;
    expect(await admin('promote', persona.email.toUpperCase())).toEqual({
      code: 0,
      out: [`${persona.email} ahora es administrador.`],
      err: [],
    });
    expect(await esAdmin()).toBe(true);
    expect((await admin('list')).out).toContain(`${persona.email}\tadmin`);
    expect((await admin('demote', persona.email)).code).toBe(0);
    expect(await esAdmin()).toBe(false);
    expect((await admin('grant-courier', 'nadie@ejemplo.com.ar')).code).toBe(1);
    expect((await admin('list')).out).toContain(`${DEMO_USUARIOS.repartidor.email}\trepartidor`);
  });

  it('prints the usage for an unknown command', async () => {
    expect(await admin()).toEqual({ code: 2, out: [], err: [ADMIN_USAGE] });
    expect((await admin('borrar-todo')).code).toBe(2);
  });
});

describe('npm run admin -- groups / cancel-group', () => {
  it('lists the open groups and cancels one (refunds through the payments port); twice is refused', async () => {
    const { code, out, err } = await admin('groups');
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out.length).toBeGreaterThan(0);
    const [primera] = out;
    const grupoId = primera?.split('\t')[0] ?? '';
    expect(grupoId).toMatch(/^[0-9a-f]{24}$/);
    expect(primera).toMatch(/\t\d+\/\d+ lugares\t\d+ participantes\treembolso .*\$/);

    const cancelado = await admin('cancel-group', grupoId);
    expect(cancelado.code, cancelado.err.join('\n')).toBe(0);
    expect(cancelado.out[0]).toMatch(
      new RegExp(`^Grupo cancelado \\(${grupoId}\\): \\d+ reembolsos por .*\\$`),
    );
    expect((await admin('groups')).out.some((line) => line.startsWith(grupoId))).toBe(false);

    const otraVez = await admin('cancel-group', grupoId);
    expect(otraVez).toMatchObject({
      code: 1,
      err: [`Solo se puede cancelar un grupo abierto: ${grupoId}.`],
    });
    expect((await admin('cancel-group', 'ffffffffffffffffffffffff')).code).toBe(1);
    expect((await admin('cancel-group', 'no-es-un-id')).code).toBe(2);
  });
});
