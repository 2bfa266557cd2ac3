/**
 * The installed app's icons, drawn from the favicon (public/favicon.svg) with sharp:
 * `npm run iconos -w apps/web` writes them into public/ and they are committed (nothing is
 * drawn at build or run time). Run it again when the favicon changes.
 *
 * - iconos/icono-192.png, iconos/icono-512.png: the favicon as it is (rounded, transparent
 *   corners), for launchers that show the icon whole.
 * - iconos/icono-maskable-512.png: the same green, full bleed, with the bag inside the central
 *   circle of 80% that every mask keeps (the "safe zone"), for launchers that cut their own shape.
 * - apple-touch-icon.png (180 px): opaque and full bleed, as iOS wants it (it rounds the corners
 *   itself).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publico = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const favicon = readFileSync(join(publico, 'favicon.svg'), 'utf8');

/** The bag and its three dots: what the favicon draws on top of its rounded square. */
const bolsa = favicon
  .slice(favicon.indexOf('</defs>') + '</defs>'.length, favicon.lastIndexOf('</svg>'))
  .replace(/<rect\b[^>]*\/>/, '')
  .trim();
const degradado = favicon.slice(favicon.indexOf('<defs>'), favicon.indexOf('</defs>') + 7);

/** The bag's centre in the favicon's 64-unit square (from its handle's top to its base). */
const CENTRO = { x: 32, y: 32.35 };

/** Full bleed: the gradient to the edges, the bag scaled around its centre. */
function aSangre(escala: number): string {
  const { x, y } = CENTRO;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${degradado}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(${escala}) translate(${-x} ${-y})">${bolsa}</g></svg>`;
}

async function png(svg: string, lado: number, archivo: string): Promise<void> {
  mkdirSync(dirname(join(publico, archivo)), { recursive: true });
  await sharp(Buffer.from(svg), { density: (72 * lado) / 64 })
    .resize(lado, lado)
    .png({ compressionLevel: 9, palette: false })
    .toFile(join(publico, archivo));
  console.log(`${archivo}: ${lado} × ${lado}`);
}

await png(favicon, 192, 'iconos/icono-192.png');
await png(favicon, 512, 'iconos/icono-512.png');
// 0.78: the bag's farthest corner is 27 units from its centre, 21 once scaled, inside the safe
// zone's 25.6 (40% of 64).
await png(aSangre(0.78), 512, 'iconos/icono-maskable-512.png');
await png(aSangre(1), 180, 'apple-touch-icon.png');
