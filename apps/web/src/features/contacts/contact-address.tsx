import { fr } from '../../lib/fr.ts';

interface Postal {
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
}

/** A contact's postal address, one line per part (the directory card, the map's detail). */
export function ContactAddress({ contact, className }: { contact: Postal; className?: string }) {
  const cityLine = [contact.postcode, contact.city].filter(Boolean).join(' ');
  const lines = [contact.address_line_1, contact.address_line_2, cityLine].filter(
    (line): line is string => Boolean(line),
  );
  if (lines.length === 0) return null;
  return (
    <address className={className}>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

/** A contact's phone number as a `tel:` link, named for screen readers. */
export function ContactPhone({ phone, className }: { phone: string | null; className?: string }) {
  if (!phone) return null;
  return (
    <p className={className}>
      <span className={fr.cx('fr-sr-only')}>Téléphone : </span>
      <a
        className={fr.cx('fr-link', 'fr-icon-phone-line', 'fr-link--icon-left')}
        href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      >
        {phone}
      </a>
    </p>
  );
}
