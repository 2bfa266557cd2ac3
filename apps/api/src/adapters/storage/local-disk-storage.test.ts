import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';

const uploadsDir = mkdtempSync(join(tmpdir(), 'cg-uploads-'));
const storage = createLocalDiskStorage(uploadsDir);
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

describe('local disk storage', () => {
  it('stores below the uploads directory, answers the /uploads URL and removes the file', async () => {
    const url = await storage.save('productos/foto.jpg', Buffer.from('jpeg'));
    expect(url).toBe('/uploads/productos/foto.jpg');
    expect(readFileSync(join(uploadsDir, 'productos', 'foto.jpg'), 'utf8')).toBe('jpeg');

    await storage.delete('productos/foto.jpg');
    expect(existsSync(join(uploadsDir, 'productos', 'foto.jpg'))).toBe(false);
    await expect(storage.delete('productos/foto.jpg')).resolves.toBeUndefined();
  });

  it('never writes outside the uploads directory', async () => {
    const url = await storage.save('../../fuera.jpg', Buffer.from('x'));
    expect(url).toBe('/uploads/fuera.jpg');
    expect(existsSync(join(uploadsDir, 'fuera.jpg'))).toBe(true);
  });
});
