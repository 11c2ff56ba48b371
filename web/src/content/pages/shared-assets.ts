/**
 * Images several seed pages show: the client logos and the portfolio projects. Vite imports, so the
 * seed carries the built, hashed asset addresses (`/assets/<name>-<hash>.svg`, `.webp`).
 */
import dentpathPortalThumb from '../../assets/portfolio/dentpath-portal.svg?w=600&raster';
import dentpathPortal from '../../assets/portfolio/dentpath-portal.svg?w=1200&raster';
import greenleafHerbalsThumb from '../../assets/portfolio/greenleaf-herbals.svg?w=600&raster';
import greenleafHerbals from '../../assets/portfolio/greenleaf-herbals.svg?w=1200&raster';
import keystoneLocksThumb from '../../assets/portfolio/keystone-locks.svg?w=600&raster';
import keystoneLocks from '../../assets/portfolio/keystone-locks.svg?w=1200&raster';
import bluewaveHolidays from '../../assets/services/clients/bluewave-holidays.svg?no-inline';
import brightpathAcademy from '../../assets/services/clients/brightpath-academy.svg?no-inline';
import earthrootOrganics from '../../assets/services/clients/earthroot-organics.svg?no-inline';
import kaveriLooms from '../../assets/services/clients/kaveri-looms.svg?no-inline';
import lockwiseKeys from '../../assets/services/clients/lockwise-keys.svg?no-inline';
import marinaCrestRealty from '../../assets/services/clients/marina-crest-realty.svg?no-inline';
import orbitlineFreight from '../../assets/services/clients/orbitline-freight.svg?no-inline';
import peakformFitness from '../../assets/services/clients/peakform-fitness.svg?no-inline';
import smilerouteDental from '../../assets/services/clients/smileroute-dental.svg?no-inline';
import spiceBayKitchen from '../../assets/services/clients/spice-bay-kitchen.svg?no-inline';
import tulsiGrove from '../../assets/services/clients/tulsi-grove.svg?no-inline';
import vitalspringHealth from '../../assets/services/clients/vitalspring-health.svg?no-inline';
import type { BlockOf } from '@agency/shared';

const logo = (name: string, src: string) => ({ name, src, width: 180, height: 80 });

/** The twelve client logos (original SVG files, 180 × 80). */
export const clientLogos: BlockOf<'clients'>['logos'] = [
  logo('Tulsi Grove', tulsiGrove),
  logo('Vitalspring Health', vitalspringHealth),
  logo('Earthroot Organics', earthrootOrganics),
  logo('Lockwise Keys', lockwiseKeys),
  logo('SmileRoute Dental', smilerouteDental),
  logo('Kaveri Looms', kaveriLooms),
  logo('Orbitline Freight', orbitlineFreight),
  logo('Marina Crest Realty', marinaCrestRealty),
  logo('Spice Bay Kitchen', spiceBayKitchen),
  logo('Peakform Fitness', peakformFitness),
  logo('Bluewave Holidays', bluewaveHolidays),
  logo('Brightpath Academy', brightpathAcademy),
];

/**
 * The three portfolio projects (the clients are fictional). Each is a vector mock-up drawn at
 * build as a bitmap: 600 pixels wide for the card (its width), 1200 for the lightbox. A detailed
 * SVG would be laid out and painted on the page's main thread, where a bitmap is decoded off it.
 */
export const portfolioProjects: BlockOf<'portfolioGallery'>['items'] = [
  {
    id: 'greenleaf',
    name: 'Greenleaf Herbals',
    category: 'Website & Social Media',
    group: 'website',
    tech: 'WordPress website · Social media campaigns',
    thumb: greenleafHerbalsThumb,
    large: greenleafHerbals,
    alt: 'Greenleaf Herbals home page on a laptop, beside a sponsored social media post from its monsoon campaign on a phone',
  },
  {
    id: 'keystone',
    name: 'Keystone Locks Store',
    category: 'E-commerce Website',
    group: 'website',
    tech: 'WooCommerce store · Product SEO',
    thumb: keystoneLocksThumb,
    large: keystoneLocks,
    alt: 'Smart locks listing of the Keystone Locks online store, with its product shown as a rich search result',
  },
  {
    id: 'dentpath',
    name: 'DentPath Admissions Portal',
    category: 'Web Application',
    group: 'webapp',
    tech: 'Laravel · React · MySQL',
    thumb: dentpathPortalThumb,
    large: dentpathPortal,
    alt: 'DentPath admissions dashboard with application and seat charts, and its student app showing an allotted seat on a phone',
  },
];
