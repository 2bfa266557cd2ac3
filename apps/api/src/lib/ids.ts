import { ObjectId } from 'bson';

/** The one id generator: 24 lowercase hex characters (ObjectId format). */
export function newId(): string {
  return new ObjectId().toHexString();
}

/** A fixed, readable id for seeded rows: a two-character prefix and `n` in hex, 24 in all. */
export function fixedId(prefix: string, n: number): string {
  return `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
}
