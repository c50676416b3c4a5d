import { useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loader } from '../../app/loader.tsx';
import { AskContactDialog } from '../../features/contacts/ask-contact-dialog.tsx';
import {
  contactFiltersQuery,
  DIRECTORY_FILTERS,
  directoryQuery,
  type DirectoryContact,
} from '../../features/contacts/api.ts';
import { ContactCard } from '../../features/contacts/contact-card.tsx';
import { useListState } from '../../features/lists/list-params.ts';
import { MultiSelectFilter } from '../../features/lists/multi-select-filter.tsx';
import { EmptyResults, ListPagination, ResultsStatus } from '../../features/lists/pagination.tsx';

/** 'Annuaire' (spec public-site §2): the directory's contacts, filtered by type and département. */
export function ContactsPage() {
  const list = useListState(DIRECTORY_FILTERS);
  const filters = useQuery(contactFiltersQuery());
  const contacts = useQuery({ ...directoryQuery(list), placeholderData: keepPreviousData });
  const [asking, setAsking] = useState<DirectoryContact | null>(null);
  const result = contacts.data;

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Annuaire</h1>
      <div className={`app-filter-bar ${fr.cx('fr-mb-4w')}`}>
        <MultiSelectFilter
          label="Types de contact"
          options={(filters.data?.types ?? []).map((type) => ({
            value: String(type.id),
            label: type.name,
          }))}
          selected={list.filters.types ?? []}
          onChange={(values) => list.setFilter('types', values)}
        />
        <MultiSelectFilter
          label="Localisations"
          options={(filters.data?.locations ?? []).map((location) => ({
            value: location.code,
            label: `${location.name} (${location.code})`,
          }))}
          selected={list.filters.locations ?? []}
          onChange={(values) => list.setFilter('locations', values)}
        />
      </div>
      <ResultsStatus
        total={result && !contacts.isPlaceholderData ? result.meta.total : null}
        one="structure trouvée"
        many="structures trouvées"
      />
      {contacts.error && !result ? (
        <p role="alert">{contacts.error.message}</p>
      ) : !result ? (
        <Loader />
      ) : result.data.length === 0 ? (
        <EmptyResults meta={result.meta} />
      ) : (
        <div aria-busy={contacts.isPlaceholderData}>
          <ul className={`${fr.cx('fr-grid-row', 'fr-grid-row--gutters')} fr-raw-list`}>
            {result.data.map((contact) => (
              <li key={contact.id} className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}>
                <ContactCard contact={contact} onAsk={setAsking} />
              </li>
            ))}
          </ul>
          <ListPagination meta={result.meta} pages={result.pages} />
        </div>
      )}
      <AskContactDialog contact={asking} onClose={() => setAsking(null)} />
    </div>
  );
}
