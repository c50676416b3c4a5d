import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageUser } from '@ad/contract';
import { FALLBACK_PAGE_CONFIG, PageConfigProvider } from '../../app/page-config.ts';
import { DraftNotice } from './draft-notice.tsx';
import { clearDrafts } from './draft-cleanup.ts';
import { useFormDraft, withoutFiles } from './use-form-draft.ts';

interface Values {
  title: string;
  logo_files: { file: File; displayedName?: string }[];
}

const KEY = 'ad:draft:7:initiative:create';

const member = (id: number): PageUser => ({
  id,
  firstname: 'Camille',
  lastname: 'Martin',
  email: `membre${id}@exemple.fr`,
  role: 'member',
  has_institution: true,
});
let api: { clear: () => void } | null = null;

function Form({ enabled = true, userId = 7 }: { enabled?: boolean; userId?: number }) {
  return (
    <PageConfigProvider value={{ ...FALLBACK_PAGE_CONFIG, user: member(userId) }}>
      <DraftForm enabled={enabled} />
    </PageConfigProvider>
  );
}

function DraftForm({ enabled }: { enabled: boolean }) {
  const [values, setValues] = useState<Values>({ title: '', logo_files: [] });
  const draft = useFormDraft('initiative:create', values, setValues, { enabled });
  const form = useRef<HTMLFormElement>(null);
  api = draft;
  return (
    <form ref={form}>
      <DraftNotice draft={draft} form={form} />
      <label htmlFor="title">Titre</label>
      <input
        id="title"
        value={values.title}
        onChange={(event) => setValues({ ...values, title: event.target.value })}
      />
      <input
        type="file"
        aria-label="Logo"
        onChange={(event) =>
          setValues({ ...values, logo_files: [{ file: event.target.files![0]! }] })
        }
      />
    </form>
  );
}

const title = () => screen.getByLabelText('Titre') as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useFormDraft', () => {
  it('saves the values 500 ms after a change, without the files', () => {
    render(<Form />);
    fireEvent.change(title(), { target: { value: 'Jardin' } });
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [logo] } });
    act(() => vi.advanceTimersByTime(400));
    expect(localStorage.getItem(KEY)).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    const saved = JSON.parse(localStorage.getItem(KEY)!);
    expect(saved.values).toEqual({ title: 'Jardin', logo_files: [] });
    expect(typeof saved.savedAt).toBe('string');
  });

  it('does not save the untouched form', () => {
    render(<Form />);
    act(() => vi.advanceTimersByTime(1000));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('offers a saved draft and restores it', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        savedAt: '2024-01-01T00:00:00Z',
        values: { title: 'Brouillon', logo_files: [] },
      }),
    );
    render(<Form />);
    expect(screen.getByText('Un brouillon de ce formulaire a été retrouvé.')).toBeTruthy();
    // Nothing overwrites the draft while the member has not chosen.
    fireEvent.change(title(), { target: { value: 'Autre' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(JSON.parse(localStorage.getItem(KEY)!).values.title).toBe('Brouillon');

    fireEvent.click(screen.getByRole('button', { name: 'Reprendre le brouillon' }));
    expect(title().value).toBe('Brouillon');
    expect(screen.queryByText('Un brouillon de ce formulaire a été retrouvé.')).toBeNull();
    // The button went with the notice: the form's first field has the focus.
    act(() => vi.advanceTimersByTime(20));
    expect(document.activeElement).toBe(title());
  });

  it('deletes the draft when ignored', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ savedAt: '', values: { title: 'Vieux', logo_files: [] } }),
    );
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Ignorer' }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(title().value).toBe('');
    fireEvent.change(title(), { target: { value: 'Nouveau' } });
    act(() => vi.advanceTimersByTime(600));
    expect(JSON.parse(localStorage.getItem(KEY)!).values.title).toBe('Nouveau');
  });

  it('clears the draft after a save and keeps it cleared', () => {
    render(<Form />);
    fireEvent.change(title(), { target: { value: 'Jardin' } });
    act(() => vi.advanceTimersByTime(600));
    expect(localStorage.getItem(KEY)).not.toBeNull();
    fireEvent.change(title(), { target: { value: 'Jardin partagé' } });
    act(() => api!.clear());
    act(() => vi.advanceTimersByTime(1000));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('waits for enabled before reading or saving', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ savedAt: '', values: { title: 'B', logo_files: [] } }),
    );
    const { rerender } = render(<Form enabled={false} />);
    expect(screen.queryByText('Un brouillon de ce formulaire a été retrouvé.')).toBeNull();
    rerender(<Form enabled />);
    expect(screen.getByText('Un brouillon de ce formulaire a été retrouvé.')).toBeTruthy();
  });
});

describe("a member's drafts", () => {
  it('are not offered to another member signed in on the same browser', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ savedAt: '', values: { title: 'Projet de A', logo_files: [] } }),
    );
    render(<Form userId={8} />);
    expect(screen.queryByText('Un brouillon de ce formulaire a été retrouvé.')).toBeNull();
  });

  it('are all removed on logout, other storage kept', () => {
    localStorage.setItem(KEY, '{}');
    localStorage.setItem('ad:draft:8:food_procedures:12', '{}');
    localStorage.setItem('ad:consent', 'yes');
    clearDrafts();
    expect(Object.keys(localStorage)).toEqual(['ad:consent']);
  });
});

describe('withoutFiles', () => {
  it('drops files and the list entries that hold one', () => {
    const file = new File(['x'], 'a.pdf');
    expect(
      withoutFiles({
        image: file,
        documents: [{ id: 1, displayedName: 'A' }],
        document_files: [{ file, displayedName: 'B' }],
        list: [file, 'kept'],
      }),
    ).toEqual({ documents: [{ id: 1, displayedName: 'A' }], document_files: [], list: ['kept'] });
  });
});
