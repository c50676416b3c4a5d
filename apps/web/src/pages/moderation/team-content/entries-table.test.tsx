import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contactThematicInputSchema,
  faqItemInputSchema,
  TEAM_CONTENT_MESSAGES,
} from '@ad/contract/account/team-content';
import { ApiError } from '../../../lib/api-client.ts';
import { EntriesTable } from './entries-table.tsx';
import { parsedOr422 } from './team-content-queries.ts';

interface Row {
  id: number;
  name: string;
  group: number;
  kept?: boolean;
}

const ROWS: Row[] = [
  { id: 1, name: 'Adhésion', group: 1 },
  { id: 2, name: 'Tarifs', group: 1, kept: true },
  { id: 3, name: 'Compte', group: 2 },
];

afterEach(cleanup);

describe('EntriesTable', () => {
  it('names its actions after the entry and moves within a group only', () => {
    const onMove = vi.fn();
    const onDelete = vi.fn();
    render(
      <EntriesTable
        caption="Questions (3)"
        columns={[{ header: 'Nom', cell: (row: Row) => row.name }]}
        rows={ROWS}
        nameOf={(row) => row.name}
        onEdit={vi.fn()}
        onDelete={onDelete}
        canDelete={(row) => !row.kept}
        keptNote="Ne peut pas être supprimée."
        move={{ onMove, busy: false, groupOf: (row) => row.group }}
        empty="Vide."
      />,
    );
    const table = screen.getByRole('table', { name: 'Questions (3)' });
    expect(within(table).getByRole('rowheader', { name: 'Adhésion' })).toBeTruthy();
    const up = (name: string) => screen.getByRole('button', { name: `Monter « ${name} »` });
    const down = (name: string) => screen.getByRole('button', { name: `Descendre « ${name} »` });
    expect((up('Adhésion') as HTMLButtonElement).disabled).toBe(true);
    expect((down('Tarifs') as HTMLButtonElement).disabled).toBe(true);
    expect((up('Compte') as HTMLButtonElement).disabled).toBe(true);
    expect((down('Adhésion') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(down('Adhésion'));
    expect(onMove).toHaveBeenCalledWith(ROWS[0], 'down');

    // jsdom drops the space before the screen-reader text; browsers keep it.
    expect(screen.queryByRole('button', { name: /^Supprimer ?« Tarifs »$/ })).toBeNull();
    expect(screen.getByText('Ne peut pas être supprimée.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Supprimer ?« Compte »$/ }));
    expect(onDelete).toHaveBeenCalledWith(ROWS[2]);
  });

  it('says so when the list is empty', () => {
    render(
      <EntriesTable
        caption="Termes"
        columns={[]}
        rows={[]}
        nameOf={() => ''}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        empty="Le glossaire est vide."
      />,
    );
    expect(screen.getByText('Le glossaire est vide.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('parsedOr422 with the contract’s schemas', () => {
  it('turns the issues into the server’s 422, per field', () => {
    try {
      parsedOr422(faqItemInputSchema, { category_id: '', question: ' ', answer: '<p></p>' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).errors).toEqual({
        category_id: [TEAM_CONTENT_MESSAGES.faqCategoryRequired],
        question: ['Le champ question est obligatoire.'],
        answer: ['Le champ réponse est obligatoire.'],
      });
    }
  });

  it('returns the values as the server reads them', () => {
    expect(
      parsedOr422(contactThematicInputSchema, {
        name: ' Cantines ',
        recipient_email: '',
        address_name: '',
        city: '',
      }),
    ).toEqual({
      name: 'Cantines',
      recipient_email: null,
      address_name: null,
      address_line_1: null,
      address_line_2: null,
      postcode: null,
      city: null,
      country: null,
      phone: null,
    });
  });
});
