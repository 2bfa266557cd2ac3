import { ObjectId } from 'bson';

/** The one id generator: 24 lowercase hex characters (ObjectId format). */
export function newId(): string {
  return new ObjectId().toHexString();
}
