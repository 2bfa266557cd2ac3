/** Text for HTML, in an element or a quoted attribute (srcdoc included). */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A small server-rendered page with the app's brand (the unsubscribe answer, the development
 * mailbox). `cuerpo` is HTML the caller built with every value escaped.
 */
export function paginaDeMarca({
  titulo,
  cuerpo,
  ancho = 560,
}: {
  titulo: string;
  cuerpo: string;
  ancho?: number;
}): string {
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(titulo)} · Compra Grupal</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
header{background:#fff;border-bottom:1px solid #e4e4e7}
header div{max-width:${ancho}px;margin:0 auto;padding:12px 16px}
.marca{color:#16a34a;font-weight:700;font-size:1.2rem;text-decoration:none}
main{max-width:${ancho}px;margin:24px auto;padding:0 16px}
.tarjeta{background:#fff;border-radius:12px;padding:24px 20px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 12px}
a{color:#15803d}
a:focus-visible{outline:3px solid #15803d;outline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:left;padding:8px;border-top:1px solid #e4e4e7;vertical-align:top;overflow-wrap:anywhere}
th{color:#52525b;font-weight:600;border-top:0}
.estado{display:inline-block;border-radius:999px;padding:2px 10px;font-size:.8rem;background:#f4f4f5;color:#3f3f46}
.estado-enviado{background:#dcfce7;color:#166534}
.estado-fallido{background:#fee2e2;color:#991b1b}
.estado-pendiente{background:#fef9c3;color:#854d0e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 16px}
dt{color:#52525b}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:640px;border:1px solid #e4e4e7;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fafafa;border:1px solid #e4e4e7;border-radius:8px;padding:12px;font-size:.9rem}
.nota{color:#52525b;font-size:.9rem}
form{margin:16px 0 0}
button{font:inherit;font-weight:600;color:#fff;background:#16a34a;border:0;border-radius:8px;padding:10px 16px;min-height:44px;cursor:pointer;width:100%}
@media (min-width:480px){button{width:auto}}
button:hover{background:#15803d}
button:focus-visible{outline:3px solid #15803d;outline-offset:2px}
</style></head>
<body>
<header><div><a class="marca" href="/">Compra Grupal</a></div></header>
<main><section class="tarjeta">
${cuerpo}
</section></main>
</body></html>`;
}
