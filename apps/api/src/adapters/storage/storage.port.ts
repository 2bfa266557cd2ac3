/** Where uploaded and generated files live; answers the public URL of what it stored. */
export interface StoragePort {
  save(key: string, data: Buffer): Promise<string>;
}
