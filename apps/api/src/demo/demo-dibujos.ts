/**
 * The objects of the demo product photos, as SVG fragments in an 800 × 800 picture: each
 * stands on the floor line (y = 560) around x = 400. Packaging takes the product's colours;
 * fresh food (fruit, meat, bread) keeps its natural ones.
 */
export interface Colores {
  /** The packaging's main colour. */
  cuerpo: string;
  claro: string;
  acento: string;
  oscuro: string;
}

export type Dibujo =
  | 'vino'
  | 'aceite'
  | 'pet'
  | 'sifon'
  | 'lata'
  | 'lata-baja'
  | 'tetra'
  | 'paquete'
  | 'frasco'
  | 'bidon'
  | 'rollos'
  | 'bolsa-grande'
  | 'rascador'
  | 'naranjas'
  | 'manzanas'
  | 'tomates'
  | 'bananas'
  | 'paltas'
  | 'hierbas'
  | 'bolson'
  | 'costillar'
  | 'corte'
  | 'milanesas'
  | 'bondiola'
  | 'pollo'
  | 'chorizos'
  | 'salame'
  | 'hogaza'
  | 'pan'
  | 'medialunas'
  | 'torta'
  | 'tarta'
  | 'galletitas'
  | 'alfajores'
  | 'caja';

/** The little picture on a package's label. */
export type Emblema =
  | 'hoja'
  | 'grano'
  | 'arroz'
  | 'espiga'
  | 'fideos'
  | 'hueso'
  | 'pata'
  | 'gato'
  | 'piedras'
  | 'gota';

const brillo = (x: number, y: number, h: number) =>
  `<rect x="${x}" y="${y}" width="14" height="${h}" rx="7" fill="#fff" fill-opacity="0.32"/>`;

export function emblema(tipo: Emblema, cx: number, cy: number, c: Colores): string {
  switch (tipo) {
    case 'hoja':
      return `<path d="M${cx - 34} ${cy + 30}q-6-62 64-70q6 66-64 70z" fill="${c.cuerpo}"/><path d="M${cx - 30} ${cy + 26}l48-50" stroke="${c.acento}" stroke-width="4"/>`;
    case 'grano':
      return `<ellipse cx="${cx}" cy="${cy}" rx="26" ry="36" transform="rotate(30 ${cx} ${cy})" fill="#6b3a1e"/><path d="M${cx - 10} ${cy - 28}q22 28 0 56" stroke="#f5e6d3" stroke-width="5" fill="none" transform="rotate(30 ${cx} ${cy})"/>`;
    case 'arroz':
      return [-30, -10, 10, 30, -20, 0, 20]
        .map(
          (dx, i) =>
            `<ellipse cx="${cx + dx}" cy="${cy + (i < 4 ? -10 : 14)}" rx="7" ry="15" transform="rotate(${i * 23 - 40} ${cx + dx} ${cy})" fill="${c.cuerpo}"/>`,
        )
        .join('');
    case 'espiga':
      return `<path d="M${cx} ${cy + 44}v-86" stroke="${c.cuerpo}" stroke-width="5"/>${[0, 1, 2, 3]
        .map(
          (i) =>
            `<ellipse cx="${cx - 11}" cy="${cy + 18 - i * 20}" rx="8" ry="14" transform="rotate(-30 ${cx - 11} ${cy + 18 - i * 20})" fill="${c.cuerpo}"/><ellipse cx="${cx + 11}" cy="${cy + 18 - i * 20}" rx="8" ry="14" transform="rotate(30 ${cx + 11} ${cy + 18 - i * 20})" fill="${c.cuerpo}"/>`,
        )
        .join('')}`;
    case 'fideos':
      return [-24, -12, 0, 12, 24]
        .map(
          (dx) =>
            `<path d="M${cx + dx} ${cy - 40}l${dx / 4} 80" stroke="#f4c95d" stroke-width="6" stroke-linecap="round"/>`,
        )
        .join('');
    case 'hueso':
      return `<g fill="${c.cuerpo}"><rect x="${cx - 34}" y="${cy - 9}" width="68" height="18" rx="9"/><circle cx="${cx - 36}" cy="${cy - 11}" r="13"/><circle cx="${cx - 36}" cy="${cy + 11}" r="13"/><circle cx="${cx + 36}" cy="${cy - 11}" r="13"/><circle cx="${cx + 36}" cy="${cy + 11}" r="13"/></g>`;
    case 'pata':
      return `<g fill="${c.cuerpo}"><ellipse cx="${cx}" cy="${cy + 16}" rx="30" ry="24"/><ellipse cx="${cx - 34}" cy="${cy - 14}" rx="11" ry="15"/><ellipse cx="${cx - 12}" cy="${cy - 32}" rx="11" ry="15"/><ellipse cx="${cx + 12}" cy="${cy - 32}" rx="11" ry="15"/><ellipse cx="${cx + 34}" cy="${cy - 14}" rx="11" ry="15"/></g>`;
    case 'gato':
      return `<g fill="${c.cuerpo}"><path d="M${cx - 40} ${cy - 6}l6-42l28 24zM${cx + 40} ${cy - 6}l-6-42l-28 24z"/><ellipse cx="${cx}" cy="${cy + 8}" rx="44" ry="38"/></g><g fill="${c.acento}"><ellipse cx="${cx - 16}" cy="${cy + 2}" rx="6" ry="9"/><ellipse cx="${cx + 16}" cy="${cy + 2}" rx="6" ry="9"/><path d="M${cx - 6} ${cy + 18}h12l-6 7z"/></g>`;
    case 'piedras':
      return [
        [-22, 10, 16],
        [10, 16, 13],
        [30, -10, 12],
        [-6, -16, 14],
        [-32, -18, 9],
        [18, -34, 8],
      ]
        .map(
          ([dx = 0, dy = 0, r = 0]) =>
            `<circle cx="${cx + dx}" cy="${cy + dy}" r="${r}" fill="${c.cuerpo}" fill-opacity="${0.55 + r / 40}"/>`,
        )
        .join('');
    case 'gota':
      return `<path d="M${cx} ${cy - 44}q36 44 36 68a36 36 0 0 1-72 0q0-24 36-68z" fill="${c.cuerpo}"/><path d="M${cx - 16} ${cy + 18}q0 14 12 20" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none" stroke-opacity="0.7"/>`;
  }
}

// --- Containers, in the product's colours ---------------------------------------------------

const etiqueta = (x: number, y: number, w: number, h: number, c: Colores, contenido = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.acento}"/><rect x="${x}" y="${y + h - 22}" width="${w}" height="22" fill="${c.cuerpo}" fill-opacity="0.85"/>${contenido}`;

function vino(c: Colores) {
  return `<path d="M378 120h44v120q0 34 34 58q20 16 20 52v175q0 35-30 35h-92q-30 0-30-35v-175q0-36 20-52q34-24 34-58z" fill="#2b1d2a"/>
<rect x="372" y="104" width="56" height="80" rx="6" fill="${c.cuerpo}"/>
${etiqueta(336, 400, 128, 110, c, `<rect x="356" y="424" width="88" height="10" rx="5" fill="${c.oscuro}"/><rect x="370" y="446" width="60" height="8" rx="4" fill="${c.cuerpo}"/>`)}
${brillo(342, 320, 180)}`;
}

function aceite(c: Colores) {
  return `<path d="M372 150h56v50q0 20 30 40q42 30 42 90v200q0 30-30 30h-140q-30 0-30-30v-200q0-60 42-90q30-20 30-40z" fill="#e9b949" fill-opacity="0.92"/>
<path d="M300 360q100-30 200 0v170q0 30-30 30h-140q-30 0-30-30z" fill="#d69e1c"/>
<rect x="364" y="118" width="72" height="42" rx="8" fill="${c.cuerpo}"/>
${etiqueta(318, 380, 164, 120, c, `<circle cx="400" cy="428" r="26" fill="#facc15"/><g stroke="#f59e0b" stroke-width="4">${[0, 45, 90, 135].map((r) => `<path d="M400 392v72" transform="rotate(${r} 400 428)"/>`).join('')}</g><circle cx="400" cy="428" r="12" fill="#78350f"/>`)}
${brillo(318, 280, 230)}`;
}

function pet(c: Colores) {
  const aros = [290, 330, 370]
    .map((y) => `<path d="M318 ${y}h164" stroke="#fff" stroke-opacity="0.35" stroke-width="6"/>`)
    .join('');
  return `<path d="M380 130h40v40q0 18 30 40q40 30 40 80v240q0 30-30 30h-120q-30 0-30-30v-240q0-50 40-80q30-22 30-40z" fill="${c.claro}" fill-opacity="0.85"/>
<path d="M310 300h180v230q0 30-30 30h-120q-30 0-30-30z" fill="${c.cuerpo}" fill-opacity="0.55"/>
<rect x="372" y="106" width="56" height="36" rx="6" fill="${c.oscuro}"/><rect x="366" y="140" width="68" height="10" rx="5" fill="${c.oscuro}"/>
${aros}${etiqueta(310, 400, 180, 100, c, emblema('gota', 400, 442, { ...c, cuerpo: c.claro }))}
${brillo(326, 250, 270)}`;
}

function sifon(c: Colores) {
  return `<rect x="320" y="250" width="160" height="310" rx="40" fill="${c.claro}" fill-opacity="0.75"/>
<rect x="320" y="250" width="160" height="310" rx="40" fill="none" stroke="${c.cuerpo}" stroke-width="8"/>
<path d="M340 300h120M340 350h120M340 400h120M340 450h120M340 500h120" stroke="${c.cuerpo}" stroke-opacity="0.35" stroke-width="6"/>
<path d="M350 250v-70q0-30 30-30h70q20 0 20 20v20h90q14 0 14 14v10q0 12-14 12h-84v24z" fill="#9ca3af"/>
<path d="M420 150l60-40q14-8 20 4l2 6l-70 50z" fill="#6b7280"/><rect x="396" y="200" width="8" height="340" fill="#d1d5db" fill-opacity="0.7"/>
${brillo(336, 280, 240)}`;
}

function lata(c: Colores) {
  return `<rect x="300" y="190" width="200" height="370" rx="24" fill="${c.cuerpo}"/>
<ellipse cx="400" cy="196" rx="100" ry="24" fill="#d1d5db"/><ellipse cx="400" cy="192" rx="84" ry="17" fill="#e5e7eb"/><rect x="384" y="180" width="40" height="14" rx="7" fill="#9ca3af"/>
<rect x="300" y="320" width="200" height="130" fill="${c.acento}"/>
${emblema('espiga', 400, 386, c)}<rect x="300" y="530" width="200" height="12" fill="${c.oscuro}" fill-opacity="0.4"/>
${brillo(318, 220, 310)}<rect x="466" y="220" width="16" height="310" rx="8" fill="#000" fill-opacity="0.1"/>`;
}

function lataBaja(c: Colores) {
  const una = (y: number) =>
    `<rect x="270" y="${y}" width="260" height="90" rx="14" fill="${c.cuerpo}"/><rect x="270" y="${y + 26}" width="260" height="44" fill="${c.acento}"/>
<ellipse cx="400" cy="${y}" rx="130" ry="24" fill="#d1d5db"/><ellipse cx="400" cy="${y}" rx="112" ry="18" fill="#e5e7eb"/>
<path d="M330 ${y + 48}q30-16 60 0q-30 16-60 0zM390 ${y + 48}l18-10v20z" fill="${c.cuerpo}"/>`;
  return `${una(470)}${una(370)}${una(270)}<ellipse cx="430" cy="268" rx="28" ry="8" fill="none" stroke="#9ca3af" stroke-width="6"/>`;
}

function tetra(c: Colores) {
  return `<path d="M300 230l40-40h160l-40 40z" fill="${c.claro}"/><path d="M460 230l40-40v330l-40 40z" fill="${c.oscuro}"/>
<rect x="300" y="230" width="160" height="330" fill="${c.cuerpo}"/>
<rect x="316" y="300" width="128" height="150" rx="12" fill="${c.acento}"/>
<circle cx="380" cy="380" r="42" fill="#dc2626"/><path d="M362 344l18 10l18-10l-6 16l10 8h-22l-4 10l-4-10h-22l10-8z" fill="#16a34a"/>
<rect x="430" y="196" width="18" height="18" rx="4" fill="#fff" fill-opacity="0.8"/>${brillo(310, 250, 290)}`;
}

function paquete(c: Colores, tipo: Emblema) {
  return `<path d="M290 200q110-24 220 0l22 350q-132 26-264 0z" fill="${c.cuerpo}"/>
<path d="M290 200q110-24 220 0l-4 34q-106-20-212 0z" fill="${c.oscuro}" fill-opacity="0.5"/>
<path d="M296 170h208l6 30q-110-22-220 0z" fill="${c.oscuro}" fill-opacity="0.8"/>
<rect x="322" y="300" width="156" height="170" rx="20" fill="${c.acento}"/>
${emblema(tipo, 400, 380, c)}<rect x="350" y="442" width="100" height="10" rx="5" fill="${c.cuerpo}" fill-opacity="0.7"/>
${brillo(304, 240, 280)}<path d="M488 230l16 290" stroke="#000" stroke-opacity="0.1" stroke-width="18" stroke-linecap="round"/>`;
}

function frasco(c: Colores, rnd: () => number) {
  const almendras = Array.from({ length: 16 }, (_, i) => {
    const x = 322 + (i % 4) * 52 + rnd() * 14;
    const y = 300 + Math.floor(i / 4) * 60 + rnd() * 12;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="18" ry="28" transform="rotate(${(rnd() * 80 - 40).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${i % 3 ? '#a0522d' : '#8b4513'}"/>`;
  }).join('');
  return `<rect x="290" y="180" width="220" height="46" rx="12" fill="${c.cuerpo}"/><rect x="290" y="216" width="220" height="10" fill="${c.oscuro}" fill-opacity="0.5"/>
<path d="M300 226h200q20 0 20 30v274q0 30-30 30h-180q-30 0-30-30v-274q0-30 20-30z" fill="#fefce8" fill-opacity="0.85"/>
${almendras}<path d="M300 226h200q20 0 20 30v274q0 30-30 30h-180q-30 0-30-30v-274q0-30 20-30z" fill="#fff" fill-opacity="0.18" stroke="#fff" stroke-width="6"/>
${etiqueta(320, 420, 160, 90, c, `<ellipse cx="400" cy="452" rx="16" ry="24" fill="#a0522d" transform="rotate(30 400 452)"/>`)}${brillo(306, 250, 270)}`;
}

function bidon(c: Colores, tipo: Emblema) {
  return `<path d="M300 290q0-50 50-60h30v-48h52v48h40q28 0 28 30v300q0 30-30 30h-140q-30 0-30-30z" fill="${c.cuerpo}"/>
<path d="M440 250h28q32 0 32 32v90q0 20-20 20h-40zM460 280v80h16v-80z" fill="${c.oscuro}" fill-rule="evenodd"/>
<rect x="372" y="160" width="68" height="34" rx="8" fill="${c.acento}"/><rect x="372" y="186" width="68" height="8" fill="${c.oscuro}" fill-opacity="0.5"/>
${etiqueta(318, 400, 164, 130, c, emblema(tipo, 400, 452, { ...c, cuerpo: c.oscuro }))}
${brillo(314, 300, 230)}`;
}

function rollos(c: Colores) {
  const rollo = (x: number, y: number) =>
    `<path d="M${x - 48} ${y}v120a48 14 0 0 0 96 0v-120z" fill="#f3f4f6" stroke="#d1d5db" stroke-width="3"/><rect x="${x + 22}" y="${y + 6}" width="16" height="116" fill="#000" fill-opacity="0.05"/>
<ellipse cx="${x}" cy="${y}" rx="48" ry="14" fill="#fff"/><ellipse cx="${x}" cy="${y}" rx="15" ry="5" fill="#b8a47e"/>`;
  const filas = [300, 430].flatMap((y) => [300, 400, 500].map((x) => rollo(x, y))).join('');
  return `${filas}<rect x="244" y="280" width="312" height="290" rx="26" fill="${c.cuerpo}" fill-opacity="0.1" stroke="${c.cuerpo}" stroke-opacity="0.35" stroke-width="4"/>
<rect x="300" y="420" width="200" height="70" rx="14" fill="${c.cuerpo}"/><path d="M330 455q35-24 70 0t70 0" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>
${brillo(262, 300, 250)}`;
}

function bolsaGrande(c: Colores, tipo: Emblema) {
  return `<path d="M262 190h276l18 340q0 30-30 30h-252q-30 0-30-30z" fill="${c.cuerpo}"/>
<path d="M262 190h276l2 40h-280z" fill="${c.oscuro}"/><path d="M276 206h248" stroke="${c.acento}" stroke-width="4" stroke-dasharray="10 8"/>
<circle cx="400" cy="370" r="92" fill="${c.acento}"/>${`<g transform="translate(400 370) scale(1.6) translate(-400 -370)">${emblema(tipo, 400, 370, c)}</g>`}
<rect x="300" y="486" width="200" height="36" rx="18" fill="${c.acento}"/><rect x="326" y="498" width="148" height="12" rx="6" fill="${c.cuerpo}"/>
${brillo(278, 250, 280)}`;
}

function rascador(c: Colores) {
  const soga = (x: number, y: number, h: number) =>
    `<rect x="${x}" y="${y}" width="46" height="${h}" fill="#d6b98c"/>${Array.from(
      { length: Math.floor(h / 14) },
      (_, i) => `<path d="M${x} ${y + i * 14 + 7}h46" stroke="#b08d57" stroke-width="4"/>`,
    ).join('')}`;
  return `<rect x="250" y="530" width="300" height="30" rx="12" fill="${c.cuerpo}"/>
${soga(290, 370, 160)}${soga(450, 250, 280)}
<rect x="240" y="340" width="180" height="34" rx="14" fill="${c.cuerpo}"/><rect x="400" y="220" width="150" height="34" rx="14" fill="${c.cuerpo}"/>
<rect x="400" y="150" width="150" height="74" rx="30" fill="${c.claro}"/><ellipse cx="475" cy="196" rx="50" ry="18" fill="${c.oscuro}" fill-opacity="0.45"/>
<path d="M270 374v70" stroke="${c.oscuro}" stroke-width="4"/><circle cx="270" cy="458" r="16" fill="${c.acento}" stroke="${c.oscuro}" stroke-width="4"/>`;
}

function caja(c: Colores) {
  return `<path d="M260 250l140-60l140 60v270l-140 60l-140-60z" fill="${c.cuerpo}"/>
<path d="M260 250l140 60l140-60" stroke="${c.acento}" stroke-width="10" fill="none"/><path d="M400 310v270" stroke="${c.oscuro}" stroke-opacity="0.4" stroke-width="10"/>
<path d="M470 220l-140 60v70l40-18v-70l140-60z" fill="${c.claro}"/>`;
}

// --- Fruit and vegetables ----------------------------------------------------------------------

const naranja = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#f97316"/><circle cx="${x}" cy="${y}" r="${r}" fill="url(#volumen)"/><circle cx="${x + r * 0.1}" cy="${y - r * 0.78}" r="5" fill="#65a30d"/>`;

function naranjas() {
  const tablas = [440, 500]
    .map(
      (y) =>
        `<rect x="230" y="${y}" width="340" height="50" rx="6" fill="#c8955c"/><path d="M240 ${y + 16}h320" stroke="#a87640" stroke-width="3"/>`,
    )
    .join('');
  return `${naranja(300, 420, 66)}${naranja(420, 410, 70)}${naranja(510, 430, 58)}${naranja(360, 360, 62)}${naranja(470, 350, 60)}
<rect x="230" y="430" width="24" height="130" fill="#a87640"/><rect x="546" y="430" width="24" height="130" fill="#a87640"/>${tablas}
<path d="M420 343q10-34 46-40q-6 36-46 40z" fill="#15803d"/>`;
}

const manzana = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0-58c-30-22-90-12-90 40c0 58 42 100 64 100c12 0 18-8 26-8s14 8 26 8c22 0 64-42 64-100c0-52-60-62-90-40z" fill="#dc2626"/>
<path d="M0-58c-30-22-90-12-90 40c0 58 42 100 64 100c12 0 18-8 26-8s14 8 26 8c22 0 64-42 64-100c0-52-60-62-90-40z" fill="url(#volumen)"/>
<path d="M0-56q2-24 14-38" stroke="#78350f" stroke-width="8" stroke-linecap="round" fill="none"/><path d="M10-80q30-26 56-6q-28 22-56 6z" fill="#16a34a"/></g>`;

const manzanas = () =>
  `${manzana(300, 470, 0.95)}${manzana(500, 470, 0.95)}${manzana(400, 400, 1.1)}`;

const tomate = (x: number, y: number, r: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.88}" fill="#e11d48"/><ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.88}" fill="url(#volumen)"/>
<path d="M${x} ${y - r * 0.88}l-30 -4l18 14l-26 14l34 -8l4 22l8 -22l30 10l-20 -18l22 -14z" fill="#15803d"/>`;

const tomates = () => `${tomate(300, 480, 80)}${tomate(500, 484, 76)}${tomate(400, 400, 86)}`;

function bananas() {
  const banana = (r: number) =>
    `<g transform="rotate(${r} 400 250)"><path d="M400 250q-170 40-150 250q14 30 40 10q-20-170 120-230z" fill="#facc15"/>
<path d="M400 250q-170 40-150 250q14 30 40 10q-40-20-24-100q20-100 134-160z" fill="#eab308"/><path d="M252 500q-6 14 8 20l12-6z" fill="#422006"/></g>`;
  return `${banana(-16)}${banana(-4)}${banana(8)}${banana(20)}<path d="M388 230q8-40 26-54l18 10q-18 16-22 52z" fill="#65a30d"/><rect x="408" y="168" width="28" height="22" rx="6" fill="#422006"/>`;
}

function paltas() {
  const entera = `<path d="M520 250c-36 0-46 50-60 100c-18 60-10 210 70 210s96-130 60-210c-22-50-34-100-70-100z" fill="#3f6212"/><path d="M520 250c-36 0-46 50-60 100c-18 60-10 210 70 210s96-130 60-210c-22-50-34-100-70-100z" fill="url(#volumen)"/>`;
  const mitad = (x: number, r: number) =>
    `<g transform="rotate(${r} ${x} 420)"><path d="M${x} 270c-40 0-52 56-68 110c-20 66-10 180 68 180s88-114 68-180c-16-54-28-110-68-110z" fill="#365314"/>
<path d="M${x} 286c-32 0-42 50-56 98c-16 58-8 160 56 160s72-102 56-160c-14-48-24-98-56-98z" fill="#d9f99d"/><path d="M${x} 330c-20 0-30 40-40 80c-10 50 0 120 40 120s50-70 40-120c-10-40-20-80-40-80z" fill="#bef264" fill-opacity="0.7"/>
<circle cx="${x}" cy="460" r="42" fill="#92400e"/><circle cx="${x - 12}" cy="448" r="12" fill="#fff" fill-opacity="0.25"/></g>`;
  return `${entera}${mitad(290, -8)}${mitad(400, 6)}`;
}

function hierbas(rnd: () => number) {
  const hojas = Array.from({ length: 22 }, (_, i) => {
    const a = -70 + (i / 21) * 140 + rnd() * 10;
    const largo = 150 + rnd() * 90;
    const x = 400 + Math.sin((a * Math.PI) / 180) * largo;
    const y = 470 - Math.cos((a * Math.PI) / 180) * largo;
    return `<path d="M400 470L${x.toFixed(0)} ${(y + 30).toFixed(0)}" stroke="#4d7c0f" stroke-width="5"/><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="30" ry="44" transform="rotate(${a.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${i % 3 ? '#16a34a' : '#22c55e'}"/><path d="M${x.toFixed(0)} ${(y + 36).toFixed(0)}l0-70" transform="rotate(${a.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" stroke="#bbf7d0" stroke-width="3"/>`;
  }).join('');
  return `${hojas}<path d="M388 470l-10 90h20l4-90zM404 470l6 90h18l-10-90z" fill="#4d7c0f"/><rect x="370" y="474" width="60" height="22" rx="8" fill="#d6b98c"/>`;
}

function bolson() {
  return `<path d="M310 330q-60-80 -20-150q50 40 60 120z" fill="#22c55e"/><path d="M340 320q-10-120 60-170q40 80 10 170z" fill="#16a34a"/>
<path d="M480 300l60-130l16 8l-50 132z" fill="#f97316"/><path d="M546 166q10-30 40-30q-10 26-40 30zM552 170q30-10 44 10q-26 8-44-10z" fill="#16a34a"/>
${tomate(450, 330, 52)}<path d="M400 290q40-120 100-120q-20 80-70 130z" fill="#65a30d"/>
<path d="M270 320h260l-20 220q-4 20-24 20h-168q-20 0-24-20z" fill="#c8955c"/><path d="M270 320h260l-4 34h-252z" fill="#a87640"/>
<path d="M330 400q70 30 140 0" stroke="#8b5e34" stroke-width="6" fill="none"/>`;
}

// --- Meat, on a board -----------------------------------------------------------------------------

const tabla = `<rect x="180" y="500" width="440" height="60" rx="30" fill="#b07d48"/><rect x="180" y="500" width="440" height="20" rx="10" fill="#c8955c"/><rect x="600" y="520" width="60" height="20" rx="10" fill="#b07d48"/><circle cx="640" cy="530" r="5" fill="#7c5530"/>`;

function costillar() {
  const huesos = [280, 360, 440, 520]
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="440" rx="26" ry="20" fill="#fef3c7"/><ellipse cx="${x}" cy="440" rx="12" ry="9" fill="#fde68a"/>`,
    )
    .join('');
  return `${tabla}<path d="M220 420q0-40 40-44l280-16q40 0 40 40v60q0 40-40 40l-280 12q-40 0-40-40z" fill="#b91c1c"/>
<path d="M226 414q150-34 346-22" stroke="#fef3c7" stroke-width="14" fill="none" stroke-linecap="round"/>${huesos}
<path d="M250 480q40-10 70 4M400 490q40-10 80 0" stroke="#fca5a5" stroke-width="6" fill="none"/>`;
}

function corte() {
  return `${tabla}<path d="M230 430q-10-110 150-120q210-10 200 100q-6 90-190 94q-150 2-160-74z" fill="#fef3c7"/>
<path d="M250 430q-6-94 136-104q180-8 174 84q-6 76-170 80q-130 2-140-60z" fill="#b91c1c"/>
<path d="M300 400q60-30 120 0t110-10M290 450q80 20 180-10" stroke="#fca5a5" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M300 420q30-6 60 4" stroke="#fef3c7" stroke-width="5" fill="none"/>`;
}

function milanesas() {
  const mila = (x: number, y: number, r: number) =>
    `<g transform="rotate(${r} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="150" ry="62" fill="#c2770d"/><ellipse cx="${x}" cy="${y - 6}" rx="140" ry="54" fill="#e0a030"/>${[
      -90, -50, -10, 30, 70, 100, -70, -30, 10, 50,
    ]
      .map((dx, i) => `<circle cx="${x + dx}" cy="${y - 20 + (i % 3) * 18}" r="4" fill="#a35c08"/>`)
      .join('')}</g>`;
  return `${tabla}${mila(350, 470, -4)}${mila(440, 410, 6)}
<path d="M520 470a60 60 0 0 1 100 10z" fill="#fde047"/><path d="M530 472a50 50 0 0 1 80 8z" fill="#fef9c3"/>`;
}

function bondiola() {
  return `${tabla}<rect x="230" y="370" width="290" height="140" rx="60" fill="#e28a8a"/>
${[290, 350, 410, 470].map((x) => `<path d="M${x} 372v136" stroke="#f5f5f4" stroke-width="6"/>`).join('')}
<ellipse cx="520" cy="440" rx="56" ry="70" fill="#f3b0a8"/><path d="M500 400q30 20 10 50t20 40M540 410q-20 30 0 60" stroke="#fde2e2" stroke-width="8" fill="none"/>
<ellipse cx="520" cy="440" rx="56" ry="70" fill="none" stroke="#d97777" stroke-width="6"/>`;
}

function pollo() {
  return `<ellipse cx="400" cy="540" rx="230" ry="24" fill="#e5e7eb"/><ellipse cx="400" cy="534" rx="210" ry="18" fill="#f9fafb"/>
<path d="M240 430q0-120 160-130q170 0 170 120q0 100-170 104q-160 4-160-94z" fill="#f6d3b3"/>
<path d="M250 440q-60 0-70 40q0 24 30 20q30-4 60-30z" fill="#f2c39b"/><circle cx="188" cy="478" r="16" fill="#fef3c7"/>
<path d="M550 440q60 0 70 40q0 24-30 20q-30-4-60-30z" fill="#f2c39b"/><circle cx="612" cy="478" r="16" fill="#fef3c7"/>
<path d="M300 380q100-50 200 0" stroke="#fbe3cc" stroke-width="18" fill="none" stroke-linecap="round"/><path d="M330 470q70 30 140 0" stroke="#e8b48a" stroke-width="6" fill="none"/>`;
}

function chorizos() {
  const eslabon = (x: number, y: number, r: number) =>
    `<rect x="${x - 70}" y="${y - 28}" width="140" height="56" rx="28" fill="#a63a24" transform="rotate(${r} ${x} ${y})"/><path d="M${x - 40} ${y - 10}h70" stroke="#fda4af" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round" transform="rotate(${r} ${x} ${y})"/>`;
  return `${tabla}${eslabon(280, 460, 12)}${eslabon(420, 470, -6)}${eslabon(540, 440, -24)}${eslabon(340, 390, -4)}${eslabon(480, 378, 10)}
<circle cx="350" cy="474" r="8" fill="#d6b98c"/><circle cx="484" cy="462" r="8" fill="#d6b98c"/><circle cx="410" cy="384" r="8" fill="#d6b98c"/>`;
}

function salame(rnd: () => number) {
  const puntos = (x: number, y: number, r: number) =>
    Array.from({ length: 9 }, () => {
      const a = rnd() * Math.PI * 2;
      const d = rnd() * r * 0.75;
      return `<circle cx="${(x + Math.cos(a) * d).toFixed(0)}" cy="${(y + Math.sin(a) * d * 0.8).toFixed(0)}" r="${(4 + rnd() * 5).toFixed(0)}" fill="#fde2e2"/>`;
    }).join('');
  const feta = (x: number, y: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="58" ry="46" fill="#7f1d1d"/><ellipse cx="${x}" cy="${y}" rx="52" ry="40" fill="#be123c"/>${puntos(x, y, 50)}`;
  return `${tabla}<rect x="210" y="380" width="280" height="110" rx="55" fill="#7f1d1d"/>
${[250, 300, 350, 400, 450].map((x) => `<path d="M${x} 384q10 52 0 102" stroke="#f5f5f4" stroke-opacity="0.5" stroke-width="4" fill="none"/>`).join('')}
<ellipse cx="488" cy="435" rx="44" ry="55" fill="#be123c"/>${puntos(488, 435, 40)}${feta(560, 470)}${feta(470, 500)}`;
}

// --- Bakery ------------------------------------------------------------------------------------------

const dorado = (id: string) =>
  `<radialGradient id="${id}" cx="0.4" cy="0.3" r="0.8"><stop offset="0" stop-color="#f6c36b"/><stop offset="1" stop-color="#a85d12"/></radialGradient>`;

function hogaza(redonda: boolean) {
  if (redonda)
    return `<defs>${dorado('miga')}</defs><path d="M220 520q-20-230 180-240q200 10 180 240q-6 40-60 40h-240q-54 0-60-40z" fill="url(#miga)"/>
<path d="M300 330q110 20 180 140" stroke="#fde7b0" stroke-width="16" fill="none" stroke-linecap="round"/><path d="M300 330q110 20 180 140" stroke="#8a4a0c" stroke-opacity="0.35" stroke-width="4" fill="none" transform="translate(6 8)"/>
<g fill="#fff" fill-opacity="0.55">${[
      [320, 330],
      [470, 340],
      [360, 450],
      [450, 470],
      [290, 420],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10"/>`)
      .join('')}</g>`;
  return `<defs>${dorado('miga')}</defs><path d="M170 500q0-160 230-170q230 10 230 170q0 60-60 60h-340q-60 0-60-60z" fill="url(#miga)"/>
${[260, 340, 420, 500].map((x) => `<path d="M${x} 380q30 40 24 90" stroke="#fde7b0" stroke-width="16" fill="none" stroke-linecap="round"/>`).join('')}`;
}

function medialunas() {
  const una = (x: number, y: number, r: number, s: number) =>
    `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})"><path d="M-140 30q-20-120 140-130q160 10 140 130q-30-10-50-50q-90-40-180 0q-20 40-50 50z" fill="url(#miga)"/>
${[-80, -40, 0, 40, 80].map((dx) => `<path d="M${dx} -96q${dx / 6} 30 ${dx / 3} 70" stroke="#8a4a0c" stroke-opacity="0.5" stroke-width="6" fill="none"/>`).join('')}
<path d="M-100 -40q100-70 200 0" stroke="#fff" stroke-opacity="0.35" stroke-width="10" fill="none"/></g>`;
  return `<defs>${dorado('miga')}</defs>${una(300, 500, -8, 0.8)}${una(500, 500, 8, 0.8)}${una(400, 420, 0, 1)}`;
}

function torta() {
  return `<ellipse cx="400" cy="540" rx="240" ry="26" fill="#e5e7eb"/>
<path d="M240 300l320 60v180l-320-60z" fill="#3b1f0f"/>
${[330, 380, 430, 480].map((y, i) => `<path d="M240 ${y - 30 + i * 2}l320 60v${i === 3 ? 20 : 24}l-320-60z" fill="${i % 2 ? '#4a2511' : '#f5e6c8'}"/>`).join('')}
<path d="M240 300l320 60l30-40l-320-60z" fill="#5b2e13"/><path d="M560 360l30-40v180l-30 40z" fill="#2a160a"/>
${[0, 1, 2, 3, 4].map((i) => `<circle cx="${300 + i * 56}" cy="${286 + i * 11}" r="9" fill="#fef3c7"/>`).join('')}`;
}

function tarta() {
  const rejas = [-120, -60, 0, 60, 120]
    .map(
      (d) =>
        `<path d="M${400 + d - 60} 330l120 150" stroke="#d9a14e" stroke-width="18" stroke-linecap="round"/><path d="M${400 + d + 60} 330l-120 150" stroke="#e8b566" stroke-width="18" stroke-linecap="round"/>`,
    )
    .join('');
  return `<ellipse cx="400" cy="500" rx="230" ry="70" fill="#b9772c"/><ellipse cx="400" cy="420" rx="230" ry="90" fill="#d9a14e"/>
<path d="M170 420v80q230 140 460 0v-80" fill="#c6873a"/><ellipse cx="400" cy="420" rx="200" ry="72" fill="#b4301c"/>
<clipPath id="molde"><ellipse cx="400" cy="420" rx="200" ry="72"/></clipPath><g clip-path="url(#molde)">${rejas}</g>
<ellipse cx="400" cy="420" rx="210" ry="80" fill="none" stroke="#e8b566" stroke-width="16"/>`;
}

function galletitas() {
  const una = (x: number, y: number) =>
    `<ellipse cx="${x}" cy="${y + 10}" rx="62" ry="26" fill="#b7772e"/><ellipse cx="${x}" cy="${y}" rx="62" ry="26" fill="#e7b767"/>
<path d="M${x - 30} ${y - 4}l20 8l14-10l20 10" stroke="#b7772e" stroke-width="4" fill="none"/>`;
  return `<g transform="translate(400 560) scale(1.35) translate(-400 -560)">${una(310, 520)}${una(440, 520)}${una(370, 480)}${una(500, 470)}${una(300, 450)}${una(420, 430)}${una(350, 390)}</g>`;
}

function alfajores() {
  const uno = (x: number, y: number) =>
    `<path d="M${x - 110} ${y}v44a110 32 0 0 0 220 0v-44z" fill="#efe9dc"/><path d="M${x - 110} ${y + 20}a110 32 0 0 0 220 0v8a110 32 0 0 1-220 0z" fill="#7c3f0c" fill-opacity="0.55"/>
<ellipse cx="${x}" cy="${y}" rx="110" ry="32" fill="#fffdf8"/><path d="M${x - 60} ${y - 8}q60 22 120 0" stroke="#ece3d0" stroke-width="5" fill="none"/>`;
  const mitad = `<path d="M470 560a110 32 0 0 0 200 -10v-64h-200z" fill="#efe9dc"/>
<rect x="470" y="486" width="200" height="74" fill="#fffdf8"/><rect x="478" y="494" width="184" height="22" fill="#e2b877"/><rect x="478" y="516" width="184" height="16" fill="#8a4a0c"/><rect x="478" y="532" width="184" height="20" fill="#e2b877"/>
<ellipse cx="570" cy="486" rx="100" ry="26" fill="#fffdf8"/>`;
  return `${uno(360, 500)}${uno(360, 440)}${uno(360, 380)}${mitad}`;
}

/** The object, standing on y = 560. */
export function dibujar(dibujo: Dibujo, c: Colores, emb: Emblema, rnd: () => number): string {
  switch (dibujo) {
    case 'vino':
      return vino(c);
    case 'aceite':
      return aceite(c);
    case 'pet':
      return pet(c);
    case 'sifon':
      return sifon(c);
    case 'lata':
      return lata(c);
    case 'lata-baja':
      return lataBaja(c);
    case 'tetra':
      return tetra(c);
    case 'paquete':
      return paquete(c, emb);
    case 'frasco':
      return frasco(c, rnd);
    case 'bidon':
      return bidon(c, emb);
    case 'rollos':
      return rollos(c);
    case 'bolsa-grande':
      return bolsaGrande(c, emb);
    case 'rascador':
      return rascador(c);
    case 'naranjas':
      return naranjas();
    case 'manzanas':
      return manzanas();
    case 'tomates':
      return tomates();
    case 'bananas':
      return bananas();
    case 'paltas':
      return paltas();
    case 'hierbas':
      return hierbas(rnd);
    case 'bolson':
      return bolson();
    case 'costillar':
      return costillar();
    case 'corte':
      return corte();
    case 'milanesas':
      return milanesas();
    case 'bondiola':
      return bondiola();
    case 'pollo':
      return pollo();
    case 'chorizos':
      return chorizos();
    case 'salame':
      return salame(rnd);
    case 'hogaza':
      return hogaza(true);
    case 'pan':
      return hogaza(false);
    case 'medialunas':
      return medialunas();
    case 'torta':
      return torta();
    case 'tarta':
      return tarta();
    case 'galletitas':
      return galletitas();
    case 'alfajores':
      return alfajores();
    case 'caja':
      return caja(c);
  }
}

/** Drinks sold by the pack ('x6') show three. */
export const enPack = (svg: string) =>
  `<g transform="translate(-120 -6) translate(400 560) scale(0.86) translate(-400 -560)">${svg}</g><g transform="translate(120 -6) translate(400 560) scale(0.86) translate(-400 -560)">${svg}</g>${svg}`;
