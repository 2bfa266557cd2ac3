import { join, resolve } from 'node:path';
import type { Config } from '../../config';
import { createLocalDiskStorage } from './local-disk-storage';
import type { StoragePort } from './storage.port';

export const uploadsDirOf = (config: Config) => join(resolve(config.DATA_DIR), 'uploads');

export const createStorage = (config: Config): StoragePort =>
  createLocalDiskStorage(uploadsDirOf(config));
