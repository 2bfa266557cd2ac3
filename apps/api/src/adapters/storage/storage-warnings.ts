import type { Config } from '../../config';

/**
 * What an operator must hear at start about where uploads live: with a server database
 * (DATABASE_URL) the app may run on several nodes, and files on one node's disk are a 404 on
 * the others. Undefined when there is nothing to say.
 */
export function avisoDeAlmacenamiento(config: Config): string | undefined {
  if (!config.DATABASE_URL || config.STORAGE_PROVIDER !== 'local') return undefined;
  return 'Las imágenes subidas se guardan en el disco de este nodo (DATA_DIR/uploads): con varios nodos, los demás no las encuentran salvo que DATA_DIR sea un volumen compartido. Para varios nodos usa STORAGE_PROVIDER=s3.';
}
