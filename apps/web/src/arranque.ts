/**
 * How a page drawn on the server starts the app (docs/decisions/044). The page is already
 * whole: it paints first, and the app's code, named by the server in `data-app`, is asked for
 * right after that first frame, so it takes no time from the first paint. A hidden tab paints
 * no frame: it starts anyway, a moment later. Client-rendered pages load the app directly.
 */
const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;

let iniciada = false;
function iniciar(): void {
  if (iniciada || !app?.startsWith('/assets/')) return;
  iniciada = true;
  void import(/* @vite-ignore */ app);
}

const sinCuadro = setTimeout(iniciar, 250);
requestAnimationFrame(() => {
  setTimeout(() => {
    clearTimeout(sinCuadro);
    iniciar();
  }, 0);
});
