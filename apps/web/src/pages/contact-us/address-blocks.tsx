import { Fragment } from 'react';
import { fr } from '../../lib/fr.ts';
import type { ContactUsAddress } from '@ad/contract';

const LIST_STYLE = { listStyle: 'none', paddingLeft: 0 } as const;
const ADDRESS_STYLE = { fontStyle: 'normal' } as const;

/** The team's addresses for the chosen thematic (spec public-site §2, contact form). */
export function AddressBlocks({ addresses }: { addresses: readonly ContactUsAddress[] }) {
  if (addresses.length === 0) return null;
  return (
    <ul style={LIST_STYLE}>
      {addresses.map((address, index) => {
        const cityLine = [address.postcode, address.city].filter(Boolean).join(' ');
        const lines = [
          address.address_line_1,
          address.address_line_2,
          cityLine,
          address.country,
        ].filter((line): line is string => !!line);
        return (
          <li key={index} className={fr.cx('fr-mb-3w')}>
            <p className={fr.cx('fr-text--bold', 'fr-mb-1v')}>{address.name}</p>
            <address style={ADDRESS_STYLE}>
              {lines.map((line, position) => (
                <Fragment key={position}>
                  {position > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </address>
            {address.phone ? (
              <p className={fr.cx('fr-mb-0', 'fr-mt-1v')}>
                Tél. : <a href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>{address.phone}</a>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
