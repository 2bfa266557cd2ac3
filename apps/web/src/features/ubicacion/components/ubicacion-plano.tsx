import type { PlanoGeo } from '@compra-grupal/contracts';
import type { LatLngBounds, Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { usePlanoGeo } from '../api/plano-geo';
import { type AreaGeo, areaDelPlano, calcularRegiones, coloresDeLugares } from '../lib/plano';

/** Light tints for the places, in turn; the paper is the first. */
const PAPEL = '#f4f5f0';
const TINTES = ['#e4eedb', '#f3e9d4', '#dde9f0', '#f0e2e8', '#e7e3f1', '#dfeee6'];
const CUADRICULA = 'rgba(100, 110, 95, 0.09)';
const LIMITE_BARRIO = 'rgba(96, 110, 90, 0.55)';
const LIMITE_CIUDAD = 'rgba(70, 84, 66, 0.8)';
const TEXTO = '#3d4a39';
/** Grid spacing in map pixels: it moves with the map. */
const PASO_CUADRICULA = 64;
/** A place's name is written when this much of it is in view (square pixels). */
const SUPERFICIE_PARA_NOMBRE = 2500;
/** The note about the missing tiles covers about this much of the map's bottom. */
const ALTO_DE_LA_NOTA = 100;

const areaDeLaVista = (bounds: LatLngBounds): AreaGeo => ({
  sur: bounds.getSouth(),
  oeste: bounds.getWest(),
  norte: bounds.getNorth(),
  este: bounds.getEast(),
});

interface PlanoConColores {
  plano: PlanoGeo;
  colores: Uint8Array;
}

function dibujar(canvas: HTMLCanvasElement, map: LeafletMap, datos: PlanoConColores | undefined) {
  const plano = datos?.plano;
  const { x: ancho, y: alto } = map.getSize();
  const escala = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(ancho * escala) || canvas.height !== Math.round(alto * escala)) {
    canvas.width = Math.round(ancho * escala);
    canvas.height = Math.round(alto * escala);
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(escala, 0, 0, escala, 0, 0);
  ctx.fillStyle = PAPEL;
  ctx.fillRect(0, 0, ancho, alto);

  const regiones =
    plano && plano.lugares.length > 0
      ? calcularRegiones(
          plano,
          (lat, lng) => map.latLngToContainerPoint([lat, lng]),
          ancho,
          alto,
          map.getZoom() >= 13 ? 4 : 6,
          alto - ALTO_DE_LA_NOTA,
        )
      : null;

  // Each place in a light tint, cell by cell (the limits are drawn as lines on top).
  if (regiones) {
    const { celdas, columnas, filas, tamanioCelda } = regiones;
    for (let fila = 0; fila < filas; fila++) {
      for (let columna = 0; columna < columnas; columna++) {
        const lugar = celdas[fila * columnas + columna] as number;
        if (lugar < 0) continue;
        ctx.fillStyle = TINTES[datos?.colores[lugar] ?? 0] as string;
        ctx.fillRect(columna * tamanioCelda, fila * tamanioCelda, tamanioCelda, tamanioCelda);
      }
    }
  }

  // A plain grid that moves with the map, so panning shows.
  const origen = map.getPixelBounds().min;
  if (origen) {
    ctx.strokeStyle = CUADRICULA;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = -(origen.x % PASO_CUADRICULA); x < ancho; x += PASO_CUADRICULA) {
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, alto);
    }
    for (let y = -(origen.y % PASO_CUADRICULA); y < alto; y += PASO_CUADRICULA) {
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(ancho, Math.round(y) + 0.5);
    }
    ctx.stroke();
  }

  if (!regiones) return;

  ctx.lineCap = 'round';
  ctx.strokeStyle = LIMITE_BARRIO;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  for (const { desde, hasta } of regiones.limites) {
    ctx.moveTo(desde.x, desde.y);
    ctx.lineTo(hasta.x, hasta.y);
  }
  ctx.stroke();
  ctx.setLineDash([]);

  if (regiones.limiteCaba.length > 2) {
    ctx.strokeStyle = LIMITE_CIUDAD;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    regiones.limiteCaba.forEach(({ x, y }, i) => {
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.closePath();
    ctx.stroke();
  }

  const contenedor = map.getContainer();
  const fuente = getComputedStyle(contenedor).fontFamily || 'sans-serif';
  // Names keep clear of the zoom buttons.
  const caja = contenedor.getBoundingClientRect();
  const zoom = contenedor.querySelector('.leaflet-control-zoom')?.getBoundingClientRect();
  const controles = zoom && {
    derecha: zoom.right - caja.left + 4,
    abajo: zoom.bottom - caja.top + 10,
  };
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const region of regiones.regiones) {
    if (region.superficie < SUPERFICIE_PARA_NOMBRE) continue;
    ctx.font = `600 ${region.barrio ? 13 : 12}px ${fuente}`;
    // Whole names: kept inside the map's edges.
    const mitad = ctx.measureText(region.nombre).width / 2 + 6;
    let x = Math.min(Math.max(region.centro.x, mitad), ancho - mitad);
    const y = Math.min(Math.max(region.centro.y, 14), alto - ALTO_DE_LA_NOTA);
    if (controles && y < controles.abajo && x - mitad < controles.derecha) {
      x = controles.derecha + mitad;
    }
    ctx.lineWidth = 4;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.strokeText(region.nombre, x, y);
    ctx.fillStyle = TEXTO;
    ctx.fillText(region.nombre, x, y);
  }
}

/**
 * The map drawn without the network, under the marker: a paper background with a grid that
 * moves with the map, the barrios and localities in light tints with their limits and names,
 * and the Ciudad's outline. A point's place here is the one the summary names.
 */
export function UbicacionPlano() {
  const map = useMap();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [area, setArea] = useState(() => areaDelPlano(areaDeLaVista(map.getBounds())));
  const { data: plano } = usePlanoGeo(area);
  const datos = useMemo(
    () => (plano ? { plano, colores: coloresDeLugares(plano, TINTES.length) } : undefined),
    [plano],
  );
  const datosRef = useRef(datos);
  datosRef.current = datos;

  // The canvas sits in the map's box, under its panes (markers, controls), and takes no clicks.
  useEffect(() => {
    const canvas = document.createElement('canvas');
    canvas.dataset.slot = 'mapa-dibujado';
    canvas.setAttribute('aria-hidden', 'true');
    Object.assign(canvas.style, {
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      zIndex: '100',
      pointerEvents: 'none',
    });
    map.getContainer().prepend(canvas);
    canvasRef.current = canvas;

    let cuadro = 0;
    const redibujar = () => {
      cancelAnimationFrame(cuadro);
      cuadro = requestAnimationFrame(() => dibujar(canvas, map, datosRef.current));
    };
    const alTerminar = () => {
      redibujar();
      const nueva = areaDelPlano(areaDeLaVista(map.getBounds()));
      setArea((actual) =>
        actual && nueva && JSON.stringify(actual) === JSON.stringify(nueva) ? actual : nueva,
      );
    };
    map.on('move zoom resize viewreset', redibujar);
    map.on('moveend zoomend', alTerminar);
    redibujar();
    return () => {
      cancelAnimationFrame(cuadro);
      map.off('move zoom resize viewreset', redibujar);
      map.off('moveend zoomend', alTerminar);
      canvas.remove();
      canvasRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (canvasRef.current) dibujar(canvasRef.current, map, datos);
  }, [map, datos]);

  return null;
}
