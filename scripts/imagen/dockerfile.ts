import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, posix, relative } from 'node:path';

/*
 * The Dockerfile read as Docker reads it, for the image test (imagen.test.ts): its stages and
 * instructions, and one stage assembled into a folder, file by file as it lists them. Only what
 * the project's Dockerfile uses is understood; anything else stops the test with its line, so a
 * new instruction is never skipped in silence.
 */

export interface Instruccion {
  /** Upper case: FROM, COPY, RUN… */
  palabra: string;
  /** The rest, continuation lines joined. */
  argumentos: string;
  /** Where it starts in the Dockerfile (1-based). */
  linea: number;
}

export interface Etapa {
  nombre: string | undefined;
  imagen: string;
  instrucciones: Instruccion[];
}

/** The stages of a Dockerfile, in order; comments and blank lines dropped, continuations joined. */
export function leerDockerfile(texto: string): Etapa[] {
  const etapas: Etapa[] = [];
  const lineas = texto.split(/\r?\n/);
  for (let i = 0; i < lineas.length; i++) {
    const primera = lineas[i]?.trim() ?? '';
    if (primera === '' || primera.startsWith('#')) continue;
    const linea = i + 1;
    let completa = primera;
    // A line ending in a backslash goes on; comment lines inside are dropped, as Docker does.
    while (completa.endsWith('\\') && i + 1 < lineas.length) {
      completa = completa.slice(0, -1);
      const siguiente = lineas[++i]?.trim() ?? '';
      if (!siguiente.startsWith('#')) completa += ` ${siguiente}`;
    }
    const [palabra = '', ...resto] = completa.split(/\s+/);
    const instruccion = {
      palabra: palabra.toUpperCase(),
      argumentos: resto.join(' ').trim(),
      linea,
    };
    if (instruccion.palabra === 'FROM') {
      const partes = instruccion.argumentos.split(/\s+/).filter((p) => !p.startsWith('--'));
      const as = partes.findIndex((p) => p.toUpperCase() === 'AS');
      etapas.push({
        imagen: partes[0] ?? '',
        nombre: as === -1 ? undefined : partes[as + 1],
        instrucciones: [],
      });
      continue;
    }
    const etapa = etapas.at(-1);
    if (!etapa) throw new Error(`Dockerfile:${linea}: ${instruccion.palabra} antes de FROM`);
    etapa.instrucciones.push(instruccion);
  }
  return etapas;
}

/** Words split on blanks, double or single quotes keeping what they hold together. */
function palabras(texto: string): string[] {
  return [...texto.matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g)].map(
    ([, dobles, simples, suelta]) => dobles?.replace(/\\(.)/g, '$1') ?? simples ?? suelta ?? '',
  );
}

/** `ENV a=1 b="2 3"` (or the old `ENV a 1`) as pairs. */
function variables({ argumentos, linea }: Instruccion): [string, string][] {
  if (argumentos.includes('$')) {
    throw new Error(`Dockerfile:${linea}: ENV con $ (sustitución) no está soportado`);
  }
  const partes = palabras(argumentos);
  if (!partes[0]?.includes('=')) return [[partes[0] ?? '', partes.slice(1).join(' ')]];
  return partes.map((parte) => {
    const igual = parte.indexOf('=');
    return [parte.slice(0, igual), parte.slice(igual + 1)];
  });
}

/** A JSON-form CMD (`["node", "server.js"]`): the shell form is refused, it would need sh. */
function comando({ argumentos, linea }: Instruccion): string[] {
  try {
    const valor: unknown = JSON.parse(argumentos);
    if (Array.isArray(valor) && valor.every((v) => typeof v === 'string')) return valor;
  } catch {}
  throw new Error(`Dockerfile:${linea}: se esperaba CMD en forma JSON ["node", "…"]`);
}

/**
 * `.dockerignore` as Docker applies it to the build context: each pattern matches a path or a
 * folder above it (`*` within a name, `**` across folders), the last matching pattern decides
 * and `!` takes a path back.
 */
export function leerDockerignore(texto: string): (ruta: string) => boolean {
  const reglas = texto
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const incluye = l.startsWith('!');
      const patron = posix.normalize(l.slice(incluye ? 1 : 0)).replace(/^\/+|\/+$/g, '');
      const fuente = patron
        .split('/')
        .map((parte) =>
          parte === '**'
            ? '.*'
            : parte
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\.\*\//g, '(?:.*/)?');
      return { incluye, patron: new RegExp(`^${fuente}(?:/.*)?$`) };
    });
  return (ruta) => {
    let excluida = false;
    for (const { incluye, patron } of reglas) if (patron.test(ruta)) excluida = !incluye;
    return excluida;
  };
}

export interface Origenes {
  /** The build context (`docker build .`): this checkout. */
  contexto: string;
  /**
   * What stands in for each stage that others copy from (`COPY --from=build`): a folder of this
   * machine and the stage's WORKDIR it plays (etapaDeConstruccion).
   */
  etapas: Record<string, { carpeta: string; workdir: string }>;
}

export interface EtapaArmada {
  /** The image's `/`, on this machine. */
  raiz: string;
  /** The last WORKDIR, on this machine (where CMD runs). */
  directorio: string;
  /** The stage's ENV, as written (paths are the image's). */
  env: Record<string, string>;
  cmd: string[];
  /** The shell form of HEALTHCHECK's CMD, if any. */
  healthcheck: string | undefined;
  /** Instructions and commands that only matter inside a real container, with their line. */
  omitidas: string[];
}

/**
 * The folder that stands in for a stage's `WORKDIR` once `npm run build` ran: the checkout, but
 * only for a stage that copies the whole context there and runs exactly that build.
 */
export function etapaDeConstruccion(
  etapa: Etapa,
  checkout: string,
): { workdir: string; carpeta: string } {
  const workdir = etapa.instrucciones.findLast((i) => i.palabra === 'WORKDIR')?.argumentos;
  const copiaTodo = etapa.instrucciones.some((i) => {
    const [fuente, destino, ...resto] = palabras(i.argumentos);
    return (
      i.palabra === 'COPY' &&
      resto.length === 0 &&
      fuente === '.' &&
      workdir !== undefined &&
      posix.resolve(workdir, destino ?? '') === posix.resolve(workdir)
    );
  });
  const construye = etapa.instrucciones.some(
    (i) => i.palabra === 'RUN' && /(^|&&)\s*npm run build\s*($|&&)/.test(i.argumentos),
  );
  if (!workdir || !copiaTodo || !construye) {
    throw new Error(
      `La etapa ${etapa.nombre} no copia todo el contexto a su WORKDIR o no corre npm run build: este checkout no la representa`,
    );
  }
  return { workdir, carpeta: checkout };
}

/**
 * Assembles `etapa` into `raiz` as Docker would: WORKDIR, ENV, each COPY (from the context,
 * .dockerignore applied, or from another stage) and each `npm ci` of its RUN lines, run there
 * (`--prefer-offline`: the npm cache first). Other RUN commands (mkdir, chown, cache clean) only
 * matter in a container and are listed in `omitidas`, never run on this machine.
 */
export async function armarEtapa(
  etapa: Etapa,
  raiz: string,
  origenes: Origenes,
  log: (linea: string) => void = () => {},
): Promise<EtapaArmada> {
  const ignorada = leerDockerignore(
    existsSync(join(origenes.contexto, '.dockerignore'))
      ? readFileSync(join(origenes.contexto, '.dockerignore'), 'utf8')
      : '',
  );
  let workdir = '/';
  const env: Record<string, string> = {};
  let cmd: string[] | undefined;
  let healthcheck: string | undefined;
  const omitidas: string[] = [];
  const enLaImagen = (ruta: string) => join(raiz, posix.resolve(workdir, ruta));

  for (const instruccion of etapa.instrucciones) {
    const { palabra, argumentos, linea } = instruccion;
    switch (palabra) {
      case 'WORKDIR':
        workdir = posix.resolve(workdir, argumentos);
        mkdirSync(join(raiz, workdir), { recursive: true });
        break;
      case 'ENV':
        for (const [nombre, valor] of variables(instruccion)) env[nombre] = valor;
        break;
      case 'COPY': {
        const partes = palabras(argumentos);
        const opciones = partes.filter((p) => p.startsWith('--'));
        const rutas = partes.filter((p) => !p.startsWith('--'));
        const destino = rutas.pop();
        const desde = opciones.find((o) => o.startsWith('--from='))?.slice('--from='.length);
        if (!destino || rutas.length === 0 || argumentos.startsWith('[')) {
          throw new Error(`Dockerfile:${linea}: COPY no entendido: ${argumentos}`);
        }
        const aCarpeta = destino.endsWith('/') || rutas.length > 1;
        for (const ruta of rutas) {
          if (/[*?[]/.test(ruta))
            throw new Error(`Dockerfile:${linea}: COPY con comodines no está soportado`);
          let fuente: string;
          if (desde === undefined) {
            const enContexto = posix.normalize(ruta).replace(/^\/+|\/+$/g, '');
            if (enContexto !== '.' && ignorada(enContexto)) {
              throw new Error(
                `Dockerfile:${linea}: ${ruta} está en .dockerignore: Docker no lo encontraría`,
              );
            }
            fuente = join(origenes.contexto, enContexto);
          } else {
            const { carpeta, workdir: base } = origenes.etapas[desde] ?? {};
            if (!carpeta || !base)
              throw new Error(`Dockerfile:${linea}: no se sabe qué es la etapa ${desde}`);
            const dentro = posix.relative(base, posix.resolve('/', ruta));
            if (dentro.startsWith('..')) {
              throw new Error(
                `Dockerfile:${linea}: ${ruta} está fuera del WORKDIR (${base}) de ${desde}`,
              );
            }
            fuente = join(carpeta, dentro);
          }
          if (!existsSync(fuente)) {
            throw new Error(
              `Dockerfile:${linea}: COPY ${desde ? `--from=${desde} ` : ''}${ruta}: no existe (${fuente})`,
            );
          }
          const esCarpeta = statSync(fuente).isDirectory();
          const final = enLaImagen(destino);
          const hasta = !esCarpeta && aCarpeta ? join(final, basename(fuente)) : final;
          cpSync(fuente, hasta, {
            recursive: true,
            filter: (origen) =>
              desde !== undefined ||
              !ignorada(relative(origenes.contexto, origen).split('\\').join('/')),
          });
        }
        break;
      }
      case 'RUN':
        for (const parte of argumentos.split('&&').map((p) => p.trim())) {
          if (/^npm ci(\s|$)/.test(parte)) {
            await correr(parte, join(raiz, workdir), env, log);
          } else {
            omitidas.push(`Dockerfile:${linea}: RUN ${parte}`);
          }
        }
        break;
      case 'CMD':
        cmd = comando(instruccion);
        break;
      case 'HEALTHCHECK': {
        const cmdEn = argumentos.search(/\bCMD\s/);
        healthcheck = cmdEn === -1 ? undefined : argumentos.slice(cmdEn + 4).trim();
        break;
      }
      case 'USER':
      case 'EXPOSE':
      case 'LABEL':
        omitidas.push(`Dockerfile:${linea}: ${palabra} ${argumentos}`);
        break;
      default:
        throw new Error(
          `Dockerfile:${linea}: ${palabra} no está soportado por la prueba de la imagen`,
        );
    }
  }
  if (!cmd) throw new Error(`La etapa ${etapa.nombre} no tiene CMD`);
  return { raiz, directorio: join(raiz, workdir), env, cmd, healthcheck, omitidas };
}

/**
 * `npm ci …` in `cwd`, with the stage's ENV over this machine's environment minus what an
 * outer `npm run` exports (its prefix and workspace would point npm at this checkout).
 */
function correr(
  linea: string,
  cwd: string,
  env: Record<string, string>,
  log: (linea: string) => void,
): Promise<void> {
  const [, ...argumentos] = palabras(linea);
  const entorno = Object.fromEntries(
    Object.entries(process.env).filter(
      ([nombre]) =>
        !nombre.toLowerCase().startsWith('npm_') ||
        /^npm_config_(cache|registry|userconfig)$/i.test(nombre),
    ),
  );
  log(`$ npm ${[...argumentos, '--prefer-offline'].join(' ')}`);
  return new Promise((resolve, reject) => {
    const hijo = spawn('npm', [...argumentos, '--prefer-offline'], {
      cwd,
      env: { ...entorno, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const salida: Buffer[] = [];
    hijo.stdout.on('data', (d: Buffer) => salida.push(d));
    hijo.stderr.on('data', (d: Buffer) => salida.push(d));
    hijo.on('error', reject);
    hijo.on('close', (codigo) => {
      const texto = Buffer.concat(salida).toString('utf8').trim();
      if (codigo === 0) {
        if (texto) log(texto);
        resolve();
      } else {
        reject(new Error(`npm ${argumentos.join(' ')} terminó con ${codigo}:\n${texto}`));
      }
    });
  });
}
