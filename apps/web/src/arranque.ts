/**
 * How a page drawn on the server starts the app (docs/decisions/044). The page is already
 * whole: its picture and text paint first, and the app's code, named by the server in
 * `data-app`, is fetched and run once the page has loaded, so it takes none of a phone's
 * bandwidth or processor from the first paint. Client-rendered pages load the app directly.
 */
const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;

function iniciar(): void {
  if (app?.startsWith('/assets/')) void import(/* @vite-ignore */ app);
}

if (document.readyState === 'complete') iniciar();
else window.addEventListener('load', iniciar, { once: true });
