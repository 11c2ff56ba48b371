/** The twelve client logos of the development pages' carousel (original SVG files, loaded as separate files to keep the JS small). */
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

export interface ClientLogo {
  name: string;
  src: string;
}

export const CLIENT_LOGO_SIZE = { width: 180, height: 80 } as const;

export const CLIENT_LOGOS: readonly ClientLogo[] = [
  { name: 'Tulsi Grove', src: tulsiGrove },
  { name: 'Vitalspring Health', src: vitalspringHealth },
  { name: 'Earthroot Organics', src: earthrootOrganics },
  { name: 'Lockwise Keys', src: lockwiseKeys },
  { name: 'SmileRoute Dental', src: smilerouteDental },
  { name: 'Kaveri Looms', src: kaveriLooms },
  { name: 'Orbitline Freight', src: orbitlineFreight },
  { name: 'Marina Crest Realty', src: marinaCrestRealty },
  { name: 'Spice Bay Kitchen', src: spiceBayKitchen },
  { name: 'Peakform Fitness', src: peakformFitness },
  { name: 'Bluewave Holidays', src: bluewaveHolidays },
  { name: 'Brightpath Academy', src: brightpathAcademy },
];
