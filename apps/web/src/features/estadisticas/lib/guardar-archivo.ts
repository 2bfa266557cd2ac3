/**
 * Saves a file the app fetched itself (with the session's token, which a plain link cannot
 * send): an object URL on a temporary <a download>, clicked and removed.
 */
export function guardarArchivo(archivo: Blob, nombre: string): void {
  const url = URL.createObjectURL(archivo);
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  enlace.hidden = true;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  // Some browsers start reading the URL after click() returns: it is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
