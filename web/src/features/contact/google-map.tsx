import { useEffect, useRef, useState } from 'react';
import type { Office } from '@agency/shared';
import { StaticMap } from './static-map';

interface InfoWindowLike {
  open(options: { anchor: unknown; map: unknown; shouldFocus?: boolean }): void;
  close(): void;
}
interface MapsApi {
  Map: new (el: HTMLElement, options: Record<string, unknown>) => unknown;
  Marker: new (options: Record<string, unknown>) => {
    addListener(event: string, fn: () => void): void;
  };
  InfoWindow: new (options: Record<string, unknown>) => InfoWindowLike;
}
declare global {
  interface Window {
    google?: { maps?: MapsApi };
    __initAgencyMap?: () => void;
  }
}

/** Greyscale map styling (spec: a grey-styled map). */
export const GREY_STYLE = [
  { elementType: 'geometry', stylers: [{ color: '#f2f2f2' }] },
  { elementType: 'labels.text.fill', stylers: [{ color: '#616161' }] },
  { elementType: 'labels.text.stroke', stylers: [{ color: '#f5f5f5' }] },
  { featureType: 'road', elementType: 'geometry', stylers: [{ color: '#ffffff' }] },
  { featureType: 'water', elementType: 'geometry', stylers: [{ color: '#c9c9c9' }] },
  { featureType: 'poi', stylers: [{ visibility: 'off' }] },
];
export const MAP_ZOOM = 14;

let loading: Promise<MapsApi> | undefined;

function loadMaps(key: string): Promise<MapsApi> {
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    window.__initAgencyMap = () => {
      const api = window.google?.maps;
      if (api) resolve(api);
      else reject(new Error('Google Maps did not load'));
    };
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&callback=__initAgencyMap&loading=async`;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google Maps did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Google map (lazy chunk): grey style, zoom 14, a marker whose info window opens on hover. Falls back to the drawn map on failure. */
export default function GoogleMap({ office, apiKey }: { office: Office; apiKey: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadMaps(apiKey)
      .then((maps) => {
        if (cancelled || !ref.current) return;
        const center = { lat: office.lat, lng: office.lng };
        const map = new maps.Map(ref.current, {
          center,
          zoom: MAP_ZOOM,
          styles: GREY_STYLE,
          disableDefaultUI: false,
        });
        const marker = new maps.Marker({ position: center, map, title: `${office.city} office` });
        const info = new maps.InfoWindow({
          content: `<strong>${office.city} office</strong><br>${office.lines.join('<br>')}`,
        });
        marker.addListener('mouseover', () =>
          info.open({ anchor: marker, map, shouldFocus: false }),
        );
        marker.addListener('mouseout', () => info.close());
        marker.addListener('click', () => info.open({ anchor: marker, map }));
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [apiKey, office]);

  if (failed) return <StaticMap office={office} />;
  return (
    <div
      ref={ref}
      className="google-map"
      role="region"
      aria-label={`Map of our ${office.city} office`}
    />
  );
}
