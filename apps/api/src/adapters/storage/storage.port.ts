/** Where uploaded and generated files live; answers the public URL of what it stored. */
export interface StoragePort {
  /** Stores `data` under `key` (for example `tiendas/<uuid>.jpg`) and answers its public URL. */
  save(key: string, data: Buffer, contentType?: string): Promise<string>;
  /** Removes what `key` names; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
}
