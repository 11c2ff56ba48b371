import { officeTel, type Office } from '@agency/shared';
import { PhoneIcon, PinIcon } from './icons';

/**
 * One office as an `<address>`: its city under a pin, its lines and its phone number. The footer
 * names it in a `<strong>`, the contact page in an `<h3>` (the page's outline has it under "Contact").
 */
export function OfficeAddress({
  office,
  className,
  heading: Heading,
}: {
  office: Office;
  className: string;
  heading: 'strong' | 'h3';
}) {
  return (
    <address className={className}>
      <Heading>
        <PinIcon /> {office.city}, {office.country}
      </Heading>
      {office.lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <a href={officeTel(office)}>
        <PhoneIcon /> {office.phone}
      </a>
    </address>
  );
}
