import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * A database of its own on the test PostgreSQL server, named `<prefijo>_<id>`: its URL, and how
 * to drop it (connections and all) when the test is done.
 */
export async function baseDeDatosPropia(
  serverUrl: string,
  nombre: string,
): Promise<{ url: string; borrar: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nombre}`);
  const url = new URL(serverUrl);
  url.pathname = `/${nombre}`;
  return {
    url: url.href,
    borrar: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Removes every key under `prefijo` from the test Redis (a test's own key prefix). */
export async function borrarClavesDeRedis(redisUrl: string, prefijo: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const claves = await redis.keys(`${prefijo}*`);
    if (claves.length > 0) await redis.del(...claves);
  } finally {
    redis.disconnect();
  }
}
