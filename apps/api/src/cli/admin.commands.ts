import {
  ERROR_CODES,
  ERROR_MESSAGES,
  ESTADOS_REVISION,
  type EstadoRevision,
  type GrupoParaAdmin,
  idSchema,
  type ReembolsoParaAdmin,
  type TiendaEnRevision,
} from '@compra-grupal/contracts';
import { createPayments } from '../adapters/payments/payments-from-config';
import { createStorage } from '../adapters/storage/storage-from-config';
import { createServices } from '../composition';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import { formatearPesos } from '../lib/money';
import { mercadoPagoKeyFor } from '../modules/mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { createRepositories } from '../repositories';

/**
 * Who acts from the command line: whoever can run it already holds the database, so it acts as
 * the product team. Its id names no user.
 */
export const OPERADOR_DE_CONSOLA: Actor = { id: '000000000000000000000000', roles: ['admin'] };

const roleCommands = {
  promote: { esAdmin: true, done: 'ahora es administrador' },
  demote: { esAdmin: false, done: 'ya no es administrador' },
  'grant-courier': { esRepartidor: true, done: 'ahora es repartidor' },
  'revoke-courier': { esRepartidor: false, done: 'ya no es repartidor' },
} as const;

export const ADMIN_USAGE = `Uso: npm run admin -- <${Object.keys(roleCommands).join('|')}> <email>
     npm run admin -- list
     npm run admin -- stores [${ESTADOS_REVISION.join('|')}]
     npm run admin -- enable-store <tiendaId>
     npm run admin -- disable-store <tiendaId>
     npm run admin -- groups
     npm run admin -- cancel-group <grupoId>
     npm run admin -- refunds`;

export interface AdminCommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** One line per store: id, state, Mercado Pago, name, owner, place, creation. */
const lineaDeTienda = (t: TiendaEnRevision) =>
  [
    t._id,
    t.habilitada ? 'habilitada' : 'pendiente',
    t.mpVinculado ? 'MP vinculado' : 'MP sin vincular',
    t.nombre,
    t.usuarioEmail,
    `${t.ciudad}, ${t.provincia}`,
    t.creadoEn,
  ].join('\t');

/** One line per refund in trouble: id, state, motive, tries, amount, order, store, last error. */
const lineaDeReembolso = (r: ReembolsoParaAdmin) =>
  [
    r._id,
    r.estado,
    r.motivo,
    `${r.intentos} intentos`,
    formatearPesos(r.monto),
    `pedido ${r.pedidoId}`,
    r.tiendaNombre,
    r.ultimoError ?? '',
  ].join('\t');

/** One line per open group: id, places, participants, refund, deadline, product, store. */
const lineaDeGrupo = (g: GrupoParaAdmin) =>
  [
    g._id,
    `${g.lugaresOcupados}/${g.lugaresNecesarios} lugares`,
    `${g.participantes} participantes`,
    `reembolso ${formatearPesos(g.montoAReembolsar)}`,
    g.fechaLimite ? `vence ${g.fechaLimite}` : 'sin plazo',
    g.productoNombre,
    g.tiendaNombre,
  ].join('\t');

/**
 * `npm run admin -- <command> …` on an open database: the product team's roles, the store
 * review and the cancellation of open groups, through the same services as the API (so enabling a store records `tiendaHabilitada`
 * in the outbox, which a running server on the same PostgreSQL database publishes within its
 * 1 s poll; with the embedded database the server is stopped meanwhile, and the event goes out
 * when it starts). Answers the exit code: 0 done, 1 not found or refused (promoting an unverified address), 2 wrong usage.
 */
export async function runAdminCommand(
  args: string[],
  { database, config }: { database: DatabaseHandle; config: Config },
  io: AdminCommandIo,
): Promise<number> {
  const [command, argument] = args;

  if (command === 'list') {
    for (const u of await createRepositories(database.db).usuario.findWithRoles()) {
      const roles = [u.esAdmin && 'admin', u.esRepartidor && 'repartidor'].filter(Boolean);
      io.out(`${u.email}\t${roles.join(', ')}`);
    }
    return 0;
  }

  if (command && command in roleCommands && argument) {
    const usuarios = createRepositories(database.db).usuario;
    const { done, ...change } = roleCommands[command as keyof typeof roleCommands];
    const usuario = await usuarios.findByEmail(argument.trim().toLowerCase());
    if (!usuario) {
      io.err(`No existe un usuario con el email ${argument}.`);
      return 1;
    }
    // Nobody checked that an unverified address is its typist's (docs/decisions/040).
    if ('esAdmin' in change && change.esAdmin && !usuario.emailVerificadoEn) {
      io.err(
        `${usuario.email} no confirmó su correo: no puede ser administrador hasta que lo confirme.`,
      );
      return 1;
    }
    await usuarios.update(usuario.id, change);
    io.out(`${usuario.email} ${done}.`);
    return 0;
  }

  const { admin } = createServices(database, config, { storage: createStorage(config) });

  if (command === 'stores' && args.length <= 2) {
    const estado = (argument ?? 'pendientes') as EstadoRevision;
    if (!ESTADOS_REVISION.includes(estado)) {
      io.err(ADMIN_USAGE);
      return 2;
    }
    const tiendas = await admin.tiendas(OPERADOR_DE_CONSOLA, estado);
    if (tiendas.length === 0) io.out(`No hay tiendas (${estado}).`);
    for (const tienda of tiendas) io.out(lineaDeTienda(tienda));
    return 0;
  }

  if ((command === 'enable-store' || command === 'disable-store') && argument) {
    const tiendaId = idSchema.safeParse(argument.trim());
    if (!tiendaId.success) {
      io.err(`El id de tienda no es válido: ${argument}`);
      return 2;
    }
    const cambiar = command === 'enable-store' ? admin.habilitar : admin.deshabilitar;
    try {
      const { mensaje, tienda } = await cambiar(OPERADOR_DE_CONSOLA, tiendaId.data);
      io.out(`${mensaje}: ${tienda.nombre} (${tienda._id}, ${tienda.usuarioEmail}).`);
      if (!tienda.mpVinculado) io.out('Aviso: la tienda aún no vinculó Mercado Pago.');
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.code === ERROR_CODES.tiendaNoEncontrada) {
        io.err(`No existe una tienda con el id ${tiendaId.data}.`);
        return 1;
      }
      throw error;
    }
  }

  if (command === 'refunds' && args.length === 1) {
    const { admin } = createServices(database, config, { storage: createStorage(config) });
    const reembolsos = await admin.reembolsos(OPERADOR_DE_CONSOLA);
    if (reembolsos.length === 0) io.out('No hay reembolsos para revisar.');
    for (const r of reembolsos) io.out(lineaDeReembolso(r));
    return 0;
  }

  if ((command === 'groups' && args.length === 1) || (command === 'cancel-group' && argument)) {
    // Cancelling refunds through the payments port, as the server does (the sandbox or Mercado
    // Pago by MP_MODE); what the provider does not confirm now the server's jobs retry.
    const mercadoPagoKey = await mercadoPagoKeyFor(database.db, config);
    const services = createServices(database, config, {
      storage: createStorage(config),
      payments: createPayments(config, { mercadoPagoKey, db: database.db }),
      mercadoPagoKey,
    });
    if (command === 'groups') {
      const grupos = await services.admin.grupos(OPERADOR_DE_CONSOLA);
      if (grupos.length === 0) io.out('No hay grupos abiertos.');
      for (const grupo of grupos) io.out(lineaDeGrupo(grupo));
      return 0;
    }
    const grupoId = idSchema.safeParse(argument?.trim());
    if (!grupoId.success) {
      io.err(`El id de grupo no es válido: ${argument}`);
      return 2;
    }
    try {
      const hecho = await services.admin.cancelarGrupo(OPERADOR_DE_CONSOLA, grupoId.data);
      io.out(
        `${hecho.mensaje} (${grupoId.data}): ${hecho.reembolsos} reembolsos por ${formatearPesos(hecho.montoReembolsado)}.`,
      );
      const pendientes = await services.cancelacionDeGrupo.pendientesDeGrupo(grupoId.data);
      if (pendientes > 0) {
        io.out(
          `Aviso: ${pendientes} reembolsos quedan pendientes; el servidor los reintenta con espera creciente (npm run admin -- refunds).`,
        );
      }
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.code === ERROR_CODES.grupoNoEncontrado) {
        io.err(`No existe un grupo con el id ${grupoId.data}.`);
        return 1;
      }
      if (error instanceof AppError && error.code === ERROR_CODES.grupoNoCancelable) {
        io.err(`${ERROR_MESSAGES.GRUPO_NO_CANCELABLE}: ${grupoId.data}.`);
        return 1;
      }
      throw error;
    }
  }

  io.err(ADMIN_USAGE);
  return 2;
}
