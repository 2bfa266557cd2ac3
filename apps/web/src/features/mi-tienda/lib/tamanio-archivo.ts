const megabytes = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A file's size in MB with two decimals, the Argentine way: `0,25 MB` (spec part 2, section 9). */
export function formatTamanioArchivo(bytes: number): string {
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}
