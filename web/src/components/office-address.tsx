import { officeTel, type Office } from '@agency/shared';
import { PhoneIcon, PinIcon } from './icons';

/**
 * One office: its city under a pin, its lines and its phone number in an `<address>`. The footer
 * names it in a `<strong>` inside the address; the contact page in an `<h3>` (the page's outline has
 * it under "Contact") just before it, since an `<address>` may hold no heading.
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
  const name = (
    <Heading>
      <PinIcon /> {office.city}, {office.country}
    </Heading>
  );
  const details = (
    <>
      {office.lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <a href={officeTel(office)}>
        <PhoneIcon /> {office.phone}
      </a>
    </>
  );
  if (Heading === 'strong')
    return (
      <address className={className}>
        {name}
        {details}
      </address>
    );
  return (
    <div className={className}>
      {name}
      <address>{details}</address>
    </div>
  );
}
