import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MultiSelect, type SelectOption } from './multi-select.tsx';

const OPTIONS: SelectOption[] = [
  { id: 1, name: 'Éducation alimentaire' },
  { id: 2, name: 'Agriculture urbaine' },
  { id: 3, name: 'Restauration collective' },
];

function Harness(props: {
  options?: SelectOption[];
  search?: (text: string, signal: AbortSignal) => Promise<SelectOption[]>;
  onChange?: (value: SelectOption[]) => void;
}) {
  const [value, setValue] = useState<SelectOption[]>([]);
  return (
    <MultiSelect
      id="field-subthematics"
      label="Sous-thématiques"
      options={props.options}
      search={props.search}
      value={value}
      onChange={(next) => {
        props.onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Sous-thématiques' }) as HTMLInputElement;

afterEach(cleanup);

describe('MultiSelect with static options', () => {
  it('filters the options without accents and adds a choice once', () => {
    const onChange = vi.fn();
    render(<Harness options={OPTIONS} onChange={onChange} />);
    fireEvent.change(input(), { target: { value: 'educ' } });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Éducation alimentaire']);

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith([{ id: 1, name: 'Éducation alimentaire' }]);
    expect(screen.getByRole('button', { name: 'Retirer Éducation alimentaire' })).toBeTruthy();
    expect(input().value).toBe('');

    // The same option again: nothing added.
    fireEvent.change(input(), { target: { value: 'éducation' } });
    const again = screen.getByRole('option', { name: 'Éducation alimentaire' });
    expect(again.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(again);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button', { name: /^Retirer / })).toHaveLength(1);
  });

  it('removes a chosen item with its tag', () => {
    render(<Harness options={OPTIONS} />);
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('option', { name: 'Agriculture urbaine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Agriculture urbaine' }));
    expect(screen.queryByRole('button', { name: 'Retirer Agriculture urbaine' })).toBeNull();
  });

  it("says 'Aucun résultat' when nothing matches, or when there is no option", () => {
    const { unmount } = render(<Harness options={OPTIONS} />);
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(screen.getByText('Aucun résultat')).toBeTruthy();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    unmount();
    render(<Harness options={[]} />);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getByText('Aucun résultat')).toBeTruthy();
  });

  it('closes the list with Escape, then clears the text', () => {
    render(<Harness options={OPTIONS} />);
    fireEvent.change(input(), { target: { value: 'a' } });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().value).toBe('');
  });
});

describe('MultiSelect with a search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches 500 ms after the last keystroke and never for a blank text', async () => {
    const search = vi.fn(async (text: string) => [{ id: 33063, name: `${text} (33)` }]);
    render(<Harness search={search} />);
    fireEvent.change(input(), { target: { value: '   ' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(search).not.toHaveBeenCalled();

    fireEvent.change(input(), { target: { value: 'Bor' } });
    await act(async () => vi.advanceTimersByTime(300));
    fireEvent.change(input(), { target: { value: 'Bord' } });
    await act(async () => vi.advanceTimersByTime(499));
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe('Bord');
    expect(screen.getByRole('option', { name: 'Bord (33)' })).toBeTruthy();

    fireEvent.change(input(), { target: { value: '' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(search).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.queryByText('Aucun résultat')).toBeNull();
  });

  it('aborts the previous search and shows at most 50 options', async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn((text: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<SelectOption[]>((resolve) => {
        setTimeout(
          () => resolve(Array.from({ length: 80 }, (_, i) => ({ id: i, name: `${text} ${i}` }))),
          1000,
        );
      });
    });
    render(<Harness search={search} />);
    fireEvent.change(input(), { target: { value: 'Pa' } });
    await act(async () => vi.advanceTimersByTime(500));
    fireEvent.change(input(), { target: { value: 'Pau' } });
    expect(signals[0]!.aborted).toBe(true);
    await act(async () => vi.advanceTimersByTime(1500));
    expect(screen.getAllByRole('option')).toHaveLength(50);
    expect(screen.getAllByRole('option')[0]!.textContent).toBe('Pau 0');
  });

  it("says 'Aucun résultat' for an empty answer", async () => {
    render(<Harness search={async () => []} />);
    fireEvent.change(input(), { target: { value: 'Xyz' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByText('Aucun résultat')).toBeTruthy();
  });
});
