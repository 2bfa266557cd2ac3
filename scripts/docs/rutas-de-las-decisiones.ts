// The file paths a decision record names, and the ones no longer in the tree.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RutaPerdida {
  registro: string;
  linea: number;
  ruta: string;
}

const EXTENSIONES = /\.(ts|tsx|mjs|js|json|md|sql|css|yml|yaml|toml|sh|html)$/;

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandirLlaves(ruta: string): string[] {
  const m = ruta.match(/^(.*?)\{([^{}]+)\}(.*)$/);
  if (!m) return [ruta];
  const [, antes = '', opciones = '', despues = ''] = m;
  return opciones
    .split(',')
    .flatMap((parte) => expandirLlaves(`${antes}${parte.trim()}${despues}`));
}

const CARPETAS_DE_CODIGO = new Set(
  'apps packages scripts docs e2e lib adapters modules components features entities db jobs plugins realtime security metrics test hooks config cli demo app styles routes'.split(
    ' ',
  ),
);

/**
 * What reads as a path in a record: a code span with a slash or a file extension, no spaces,
 * no placeholders (`<modulo>`), globs, URLs or environment variables; one without an extension
 * only when it starts at a source folder (`lib/socket`), since `pedido/linkPago` is a route.
 * A path written as `a/b.ts#simbolo` or `a/b.ts:12` names the file. A span struck through
 * (~~`adapters/envio`~~) names what was and is left out, as are build outputs.
 */
export function rutasNombradas(texto: string): { ruta: string; linea: number }[] {
  const encontradas: { ruta: string; linea: number }[] = [];
  texto.split('\n').forEach((linea, i) => {
    for (const [, span = ''] of linea.replace(/~~`[^`]*`~~/g, '').matchAll(/`([^`\s]+)`/g)) {
      for (const r of expandirLlaves(span.replace(/[#:].*$/, '').replace(/\/$/, ''))) {
        const ultima = r.split('/').at(-1) ?? '';
        const archivo = EXTENSIONES.test(r) || (r.includes('/') && ultima.includes('.'));
        const carpeta = r.includes('/') && CARPETAS_DE_CODIGO.has(r.split('/')[0] ?? '');
        if (!archivo && !carpeta) continue;
        if (/[<>*?$=@{}]|^\/|^\.{1,2}\/|:\/\/|(^|\/)[A-Z_]+(\/|$)/.test(r)) continue;
        if (/(^|\/)(dist|dist-server|node_modules|\.cache)(\/|$)|^server\.js$/.test(r)) continue;
        encontradas.push({ ruta: r, linea: i + 1 });
      }
    }
  });
  return encontradas;
}

/**
 * Every path the records of `carpeta` name that matches no file or folder of the tree (git's
 * files, by their whole path or by a path's tail, so `pedido/pedido.ports.ts` is found under
 * `apps/api/src/modules/`). Paths named under a record's 'Context' heading are left out: that
 * part tells what was.
 */
export function rutasPerdidas(raiz: string, carpeta = 'docs/decisions'): RutaPerdida[] {
  const archivos = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: raiz,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((archivo) => archivo && existsSync(join(raiz, archivo)));
  const existentes = new Set<string>();
  for (const archivo of archivos) {
    const partes = archivo.split('/');
    for (let fin = partes.length; fin > 0; fin--) {
      for (let inicio = 0; inicio < fin; inicio++) {
        existentes.add(partes.slice(inicio, fin).join('/'));
      }
    }
  }
  const perdidas: RutaPerdida[] = [];
  for (const registro of readdirSync(join(raiz, carpeta)).filter((f) => f.endsWith('.md'))) {
    const texto = readFileSync(join(raiz, carpeta, registro), 'utf8');
    const vigente = texto.replace(/^## Context\n[\s\S]*?(?=^## )/m, (contexto) =>
      contexto.replace(/[^\n]/g, ' '),
    );
    for (const { ruta, linea } of rutasNombradas(vigente)) {
      if (![ruta, `${ruta}.ts`, `${ruta}.tsx`].some((r) => existentes.has(r)))
        perdidas.push({ registro, linea, ruta });
    }
  }
  return perdidas;
}
