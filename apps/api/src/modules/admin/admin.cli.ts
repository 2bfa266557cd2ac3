import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/database-from-config';
import { createUsuarioRepository } from '../usuario/usuario.repository';

/**
 * `npm run admin -- <command> <email>`: the product team's roles from the command line.
 * With the embedded database, stop the server first (PGlite allows one process).
 */
const commands = {
  promote: { esAdmin: true, done: 'ahora es administrador' },
  demote: { esAdmin: false, done: 'ya no es administrador' },
  'grant-courier': { esRepartidor: true, done: 'ahora es repartidor' },
  'revoke-courier': { esRepartidor: false, done: 'ya no es repartidor' },
} as const;

const usage = `Uso: npm run admin -- <${Object.keys(commands).join('|')}> <email>
     npm run admin -- list`;

const [command, email] = process.argv.slice(2);
const config = loadConfig();
const database = await openConfiguredDatabase(config);
let exitCode = 0;
try {
  await database.withStartupLock(() => database.migrate());
  const usuarios = createUsuarioRepository(database.db);
  if (command === 'list') {
    for (const u of await usuarios.findWithRoles()) {
      const roles = [u.esAdmin && 'admin', u.esRepartidor && 'repartidor'].filter(Boolean);
      console.log(`${u.email}\t${roles.join(', ')}`);
    }
  } else if (command && command in commands && email) {
    const { done, ...change } = commands[command as keyof typeof commands];
    const usuario = await usuarios.findByEmail(email.trim());
    if (usuario) {
      await usuarios.update(usuario.id, change);
      console.log(`${usuario.email} ${done}.`);
    } else {
      console.error(`No existe un usuario con el email ${email}.`);
      exitCode = 1;
    }
  } else {
    console.error(usage);
    exitCode = 2;
  }
} finally {
  await database.close();
}
process.exit(exitCode);
