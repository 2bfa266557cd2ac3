import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (m=19456, t=2, p=1: OWASP's baseline).
export const hashPassword = (password: string) => hash(password);

// Verifying against this when the email is unknown keeps both answers equally slow.
const unknownUserHash = hash('contraseña-de-relleno');

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await unknownUserHash), password);
  } catch {
    return false;
  }
}
