import 'leaflet/dist/leaflet.css';
import type { ParadaDeRuta, RutaDelDia } from '@compra-grupal/contracts';
import L, { type LeafletEventHandlerFnMap } from 'leaflet';
import { WifiOffIcon } from 'lucide-react';
import { type ComponentType, Suspense, useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, useMap } from 'react-leaflet';
import { lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import { useMapaConfig } from '@/entities/ubicacion/api/mapa-config';
import { tienePunto } from '../lib/ruta';

/** The brand's emerald (#059669) for the route; a white halo under it keeps it readable. */
const COLOR_RUTA = '#059669';
const ZOOM_MAXIMO_AL_AJUSTAR = 16;

// Lucide's store and check icons, as markup for Leaflet's HTML markers.
const SVG = (paths: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" ${extra}>${paths}</svg>`;
const ICONO_TIENDA = SVG(
  '<path d="M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5"/><path d="M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244"/><path d="M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05"/>',
  'width="18" height="18"',
);
const ICONO_CHECK = SVG('<path d="M20 6 9 17l-5-5"/>', 'width="16" height="16" stroke-width="3"');

const iconos = new Map<string, L.DivIcon>();

/**
 * A stop's marker: its number, or a check once delivered (Leaflet HTML, not React). One icon per
 * look, so a new render does not draw the markers anew.
 */
function iconoDeParada(parada: ParadaDeRuta): L.DivIcon {
  const clave = parada.entregada ? 'entregada' : String(parada.orden);
  const guardado = iconos.get(clave);
  if (guardado) return guardado;
  const html = parada.entregada
    ? `<span data-entregada class="grid size-8 place-items-center rounded-full border-2 border-primary bg-card text-primary shadow-md">${ICONO_CHECK}</span>`
    : `<span class="grid size-8 place-items-center rounded-full border-2 border-white bg-primary font-bold text-primary-foreground text-sm shadow-md shadow-primary/30">${parada.orden}</span>`;
  const icono = L.divIcon({
    html,
    className: 'ruta-marcador',
    iconSize: [32, 32],
    iconAnchor: [16, 16],
  });
  iconos.set(clave, icono);
  return icono;
}

const ICONO_TIENDA_ORIGEN = L.divIcon({
  html: `<span class="grid size-9 place-items-center rounded-xl border-2 border-white bg-primary-strong text-primary-foreground shadow-lg">${ICONO_TIENDA}</span>`,
  className: 'ruta-marcador',
  iconSize: [36, 36],
  iconAnchor: [18, 18],
});
const ICONO_POSICION = L.divIcon({
  html: '<span class="block size-4 rounded-full border-2 border-white bg-sky-600 shadow-md ring-6 ring-sky-600/25"></span>',
  className: 'ruta-marcador',
  iconSize: [16, 16],
  iconAnchor: [8, 8],
});

type Punto = [number, number];

/** Fits the view to the origin and the stops whenever they change (a re-plan, a new stop). */
function AjustarVista({ puntos }: { puntos: Punto[] }) {
  const map = useMap();
  const clave = JSON.stringify(puntos);
  useEffect(() => {
    const todos = JSON.parse(clave) as Punto[];
    if (todos.length === 1) map.setView(todos[0] as Punto, 15);
    else if (todos.length > 1) {
      // More room below: the offline plan's notice and the attribution sit at the bottom.
      map.fitBounds(L.latLngBounds(todos), {
        paddingTopLeft: [36, 36],
        paddingBottomRight: [36, 84],
        maxZoom: ZOOM_MAXIMO_AL_AJUSTAR,
      });
    }
  }, [map, clave]);
  return null;
}

/** The page reflows (a second column, the drawer): Leaflet must measure its box again. */
function SeguirTamanio() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export interface RutaDelDiaMapaProps {
  ruta: RutaDelDia;
  /**
   * What to draw under the route when the map tiles cannot be loaded: the app's offline plan of
   * barrios and localities (the location feature's, given by the route that composes both).
   */
  PlanoSinConexion?: ComponentType;
  /** A marker was chosen (clicked, or Enter on it): the list brings that stop into view. */
  onElegirParada: (parada: ParadaDeRuta) => void;
}

/**
 * The day's route on the map (Leaflet, tiles from /api/geo/mapa like the location picker): the
 * origin (the store, or the courier's position after a re-plan), each stop with a point as a
 * numbered marker (a check once delivered), and the pending stops joined in visiting order,
 * back to the store when the route starts there. Without tiles (no network) it says so and
 * draws the offline plan underneath; markers and the route stay.
 */
export function RutaDelDiaMapa({ ruta, PlanoSinConexion, onElegirParada }: RutaDelDiaMapaProps) {
  const { data: mapa, isError: sinConfiguracion } = useMapaConfig();
  const [tilesFallaron, setTilesFallaron] = useState(false);
  const sinMosaicos = tilesFallaron || sinConfiguracion;
  const tileHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      tileerror: () => setTilesFallaron(true),
      tileload: () => setTilesFallaron(false),
    }),
    [],
  );

  const origen: Punto = [ruta.origen.latitud, ruta.origen.longitud];
  const conPunto = ruta.paradas.filter(tienePunto);
  const pendientes = conPunto.filter((parada) => !parada.entregada);
  const recorrido: Punto[] = [
    origen,
    ...pendientes.map((parada): Punto => [parada.latitud, parada.longitud]),
  ];
  const vuelta: Punto[] | null =
    !ruta.desdePosicion && pendientes.length > 0 ? [recorrido.at(-1) as Punto, origen] : null;
  const puntos: Punto[] = [
    origen,
    ...conPunto.map((parada): Punto => [parada.latitud, parada.longitud]),
  ];

  return (
    <figure
      aria-label={`Mapa de la ruta de ${ruta.tiendaNombre}`}
      data-vaul-no-drag=""
      className="relative isolate overflow-hidden rounded-2xl border border-border/70 bg-muted print:hidden"
    >
      <MapContainer
        center={origen}
        zoom={14}
        // The page scrolls past the map: the wheel and (on a phone) one finger do not move it;
        // two fingers do.
        scrollWheelZoom={false}
        dragging={!L.Browser.mobile}
        className="z-0 h-64 w-full sm:h-80 lg:h-[26rem]"
      >
        {sinMosaicos && PlanoSinConexion && (
          <Suspense fallback={null}>
            <PlanoSinConexion />
          </Suspense>
        )}
        {mapa && (
          <TileLayer
            url={mapa.tileUrl}
            attribution={mapa.atribucion}
            eventHandlers={tileHandlers}
          />
        )}
        {vuelta && (
          <Polyline
            positions={vuelta}
            pathOptions={{ color: COLOR_RUTA, weight: 3, opacity: 0.55, dashArray: '6 8' }}
            interactive={false}
          />
        )}
        {recorrido.length > 1 && (
          <>
            <Polyline
              positions={recorrido}
              pathOptions={{ color: '#ffffff', weight: 8, opacity: 0.9 }}
              interactive={false}
            />
            <Polyline
              positions={recorrido}
              pathOptions={{ color: COLOR_RUTA, weight: 4.5, opacity: 0.95 }}
              interactive={false}
            />
          </>
        )}
        <Marker
          position={origen}
          icon={ruta.desdePosicion ? ICONO_POSICION : ICONO_TIENDA_ORIGEN}
          title={ruta.desdePosicion ? 'Tu ubicación' : `Salida: ${ruta.tiendaNombre}`}
          alt={ruta.desdePosicion ? 'Tu ubicación' : `Salida: ${ruta.tiendaNombre}`}
          keyboard={false}
          interactive={false}
          zIndexOffset={-100}
        />
        {conPunto.map((parada) => (
          <Marker
            key={parada.pedidoId}
            position={[parada.latitud, parada.longitud]}
            icon={iconoDeParada(parada)}
            title={`Parada ${parada.orden}: ${lineaDeLaPuerta(parada.direccion, { conDescripcion: false })}${parada.entregada ? ' (entregada)' : ''}`}
            zIndexOffset={parada.entregada ? 0 : 500}
            eventHandlers={{ click: () => onElegirParada(parada) }}
          />
        ))}
        <AjustarVista puntos={puntos} />
        <SeguirTamanio />
      </MapContainer>
      {sinMosaicos && (
        <p
          data-slot="mapa-sin-conexion"
          className="pointer-events-none absolute inset-x-2 bottom-7 z-[500] flex items-start gap-2 rounded-lg border border-border/70 bg-card/95 px-3 py-2 text-xs shadow-sm"
        >
          <WifiOffIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            No pudimos cargar el mapa: te mostramos un plano simple. Las paradas y el recorrido son
            los mismos.
          </span>
        </p>
      )}
    </figure>
  );
}
