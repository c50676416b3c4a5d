import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiSelectFilter } from './multi-select-filter.tsx';
import { ResultsStatus } from './pagination.tsx';

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

describe('MultiSelectFilter reset', () => {
  it("gives the focus back to the filter when 'Tout désélectionner' goes with the last choice", () => {
    let selected = ['1'];
    const { rerender } = render(
      <MultiSelectFilter
        label="Catégories"
        options={options}
        selected={selected}
        onChange={(values) => (selected = values)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tout désélectionner' }));
    rerender(
      <MultiSelectFilter
        label="Catégories"
        options={options}
        selected={selected}
        onChange={() => {}}
      />,
    );
    expect(selected).toEqual([]);
    expect(document.activeElement?.tagName).toBe('SUMMARY');
  });
});

describe('ResultsStatus', () => {
  it('says the number of results once they came, in a status always in the page', () => {
    const { rerender } = render(<ResultsStatus total={null} one="actualité" many="actualités" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    rerender(<ResultsStatus total={1} one="actualité" many="actualités" />);
    expect(status.textContent).toBe('1 actualité');
    rerender(<ResultsStatus total={12} one="actualité" many="actualités" />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('12 actualités');
  });
});
