import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiSelectFilter } from './multi-select-filter.tsx';

afterEach(cleanup);

const options = [
  { value: '1', label: 'Producteur' },
  { value: '2', label: 'Collectivité' },
];

describe('MultiSelectFilter', () => {
  it('counts the chosen options it offers, not the unknown values of an old link', () => {
    render(
      <MultiSelectFilter
        label="Types de contact"
        options={options}
        selected={['2', 'abc', '99']}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Types de contact').textContent).toBe(
      'Types de contact (1 sélectionné)',
    );
    expect(screen.getByRole('checkbox', { name: 'Collectivité' })).toHaveProperty('checked', true);
  });

  it('shows no count and no reset button when none of its options is chosen', () => {
    render(
      <MultiSelectFilter
        label="Types de contact"
        options={options}
        selected={['abc']}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Types de contact').textContent).toBe('Types de contact');
    expect(screen.queryByRole('button', { name: 'Tout désélectionner' })).toBeNull();
  });
});
