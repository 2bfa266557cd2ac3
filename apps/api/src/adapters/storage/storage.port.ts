/** Where uploaded and generated files live; answers the public URL of what it stored. */
export interface StoragePort {
  /** Stores `data` under `key` (for example `tiendas/<uuid>.jpg`) and answers its public URL. */
  save(key: string, data: Buffer, contentType?: string): Promise<string>;
  /** Removes what `key` names; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
  /**
   * The bytes of a file this storage stored, by the public URL `save` answered; undefined when
   * the URL is not one of this storage's or the file is not there (a share card draws without
   * it, docs/decisions/053).
   */
  read(url: string): Promise<Buffer | undefined>;
}
