/** The image formats the product accepts (spec part 1: JPEG, JPG, PNG, GIF and WEBP). */
export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the file's first bytes declare, whatever its name or Content-Type say. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return null;
}

const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** The file without the zero bytes some encoders pad it with. */
function withoutPadding(data: Buffer): Buffer {
  let end = data.length;
  while (end > 0 && data[end - 1] === 0x00) end--;
  return data.subarray(0, end);
}

/**
 * Whether the file ends where its format says it ends. A file that goes on past its end
 * marker carries something else (a script, an archive, a page): a polyglot, refused even
 * though the image part decodes.
 */
export function endsWhereItShould(data: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'jpeg': {
      const trimmed = withoutPadding(data);
      return trimmed.length >= 2 && startsWith(trimmed, [0xff, 0xd9], trimmed.length - 2);
    }
    case 'png':
      return startsWith(data, PNG_END, data.length - PNG_END.length);
    case 'gif':
      return data[data.length - 1] === 0x3b;
    case 'webp': {
      // The RIFF header states the size of what follows it (plus one padding byte when odd).
      const declared = data.readUInt32LE(4);
      return declared + 8 === data.length || declared + 9 === data.length;
    }
  }
}
