import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { AddressAutocomplete, type AddressValue } from './address-autocomplete.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const START: AddressValue = {
  address_line_1: '1 rue Ancienne',
  address_line_2: 'Bâtiment B',
  city: 'Pau',
  postcode: '64000',
  latitude: 43.3,
  longitude: -0.37,
};
let latest: AddressValue = START;

function Harness() {
  const [value, setValue] = useState(START);
  latest = value;
  return (
    <AddressAutocomplete
      id="field-address_line_1"
      label="Adresse"
      value={value}
      onChange={setValue}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: /Adresse/ }) as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(api.get).mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AddressAutocomplete', () => {
  it('fills the address from a suggestion and empties the complement', async () => {
    vi.mocked(api.get).mockResolvedValue({
      data: [
        {
          label: '8 Rue Sainte-Catherine 33000 Bordeaux',
          address_line_1: '8 Rue Sainte-Catherine',
          city: 'Bordeaux',
          postcode: '33000',
          latitude: 44.84,
          longitude: -0.57,
        },
      ],
    });
    render(<Harness />);
    expect(input().value).toBe('1 rue Ancienne 64000 Pau');
    fireEvent.change(input(), { target: { value: '8 rue sainte' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(api.get).toHaveBeenCalledWith('/api/addresses?query=8%20rue%20sainte', {
      signal: expect.any(AbortSignal),
    });
    fireEvent.click(screen.getByRole('option', { name: '8 Rue Sainte-Catherine 33000 Bordeaux' }));
    expect(latest).toEqual({
      address_line_1: '8 Rue Sainte-Catherine',
      address_line_2: null,
      city: 'Bordeaux',
      postcode: '33000',
      latitude: 44.84,
      longitude: -0.57,
    });
    expect(input().value).toBe('8 Rue Sainte-Catherine 33000 Bordeaux');
    expect(screen.getByText(/Adresse choisie/).parentElement!.textContent).toContain('Bordeaux');
    // Filling the field after the choice searches nothing.
    await act(async () => vi.advanceTimersByTime(1000));
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('empties everything with the clear button or an empty text, without searching', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: "Effacer l'adresse" }));
    expect(latest).toEqual({
      address_line_1: null,
      address_line_2: null,
      city: null,
      postcode: null,
      latitude: null,
      longitude: null,
    });
    expect(input().value).toBe('');
    cleanup();
    latest = START;
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '' } });
    expect(latest.address_line_1).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(api.get).not.toHaveBeenCalled();
  });
});
