import type { Office } from '@agency/shared';

/** Link that opens the office in the visitor's map app (no request until clicked). */
export const mapsLink = (o: Office): string =>
  `https://www.google.com/maps/search/?api=1&query=${o.lat},${o.lng}`;

/** Drawn map card of an office: no third-party request, used when no maps key is configured. */
export function StaticMap({ office }: { office: Office }) {
  return (
    <figure className="static-map">
      <img
        src="/assets/img/map-chennai.svg"
        width={960}
        height={420}
        alt={`Stylised street map around our ${office.city} office`}
      />
      <figcaption className="static-map__card">
        <strong>{office.city} office</strong>
        {office.lines.map((l) => (
          <span key={l}>{l}</span>
        ))}
        <a
          href={mapsLink(office)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn--primary btn--small"
        >
          Open in Maps
        </a>
      </figcaption>
    </figure>
  );
}
