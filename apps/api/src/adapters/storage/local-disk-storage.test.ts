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

  it('reads back what it stored by its URL, and nothing else', async () => {
    const url = await storage.save('productos/leida.jpg', Buffer.from('foto'));
    expect((await storage.read(url))?.toString()).toBe('foto');
    expect(await storage.read('/uploads/productos/no-esta.jpg')).toBeUndefined();
    expect(await storage.read('https://otro.example.com/productos/leida.jpg')).toBeUndefined();
    // A path that climbs stays below the uploads directory.
    expect(await storage.read('/uploads/../../etc/passwd')).toBeUndefined();
  });
});
