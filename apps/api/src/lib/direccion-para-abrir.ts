/**
 * The address the server prints at start for people to open (issue 24): PUBLIC_URL, where the
 * payment's return and every link the server builds go, so that the session is never split
 * between two origins. Only when PUBLIC_URL is the default of a port chosen by the system
 * (PORT=0: `http://localhost:0`) it is the address the server listens on.
 */
export function direccionParaAbrir(publicUrl: string, escuchando: string): string {
  if (publicUrl && new URL(publicUrl).port !== '0') return publicUrl;
  return escuchando.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//localhost');
}
