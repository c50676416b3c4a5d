import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileField, fileFieldValue, type FileFieldValue, type SavedFile } from './file-field.tsx';

const SAVED: SavedFile[] = [
  { id: 9, url: '/files/logo-9.png', filename: 'ancien-logo.png', size: 350 * 1024 },
];
let latest: FileFieldValue | null = null;

function Harness({ max = 4, errors = {} }: { max?: number; errors?: Record<string, string> }) {
  const [value, setValue] = useState(() => fileFieldValue(SAVED));
  latest = value;
  return (
    <FileField
      name="logo_files"
      existingName="logos"
      label="Logos"
      accept={['image/png', 'image/jpeg']}
      max={max}
      existing={SAVED}
      value={value}
      onChange={setValue}
      withDisplayName
      errorFor={(key) => errors[key]}
    />
  );
}

const png = (name: string, size = 1200) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
const input = () => screen.getByLabelText(/^Logos/, { selector: 'input' }) as HTMLInputElement;
const choose = (...files: File[]) => fireEvent.change(input(), { target: { files } });

afterEach(cleanup);

describe('FileField', () => {
  it('lists the saved and the chosen files, and keeps the chosen ones when adding more', () => {
    render(<Harness />);
    expect(screen.getByRole('link', { name: 'ancien-logo.png' })).toBeTruthy();
    expect(screen.getByText('(350 ko)')).toBeTruthy();
    choose(png('a.png'));
    choose(png('b.png'));
    expect(latest!.added.map((entry) => entry.file.name)).toEqual(['a.png', 'b.png']);
    expect(latest!.existing).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retirer a.png' })).toBeTruthy();
  });

  it('refuses more than max files with a message', () => {
    render(<Harness max={2} />);
    choose(png('a.png'), png('b.png'));
    expect(screen.getByText(/Vous pouvez joindre 2 fichiers au maximum/)).toBeTruthy();
    expect(latest!.added).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer ancien-logo.png' }));
    choose(png('a.png'), png('b.png'));
    expect(latest!.added).toHaveLength(2);
    expect(screen.queryByText(/Vous pouvez joindre/)).toBeNull();
  });

  it('refuses a file of another format', () => {
    render(<Harness />);
    choose(new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
    expect(
      screen.getByText("Le fichier « plan.pdf » n'est pas dans un format accepté (PNG, JPG)."),
    ).toBeTruthy();
    expect(latest!.added).toHaveLength(0);
  });

  it('shortens long names and edits the displayed title', () => {
    render(<Harness />);
    choose(png('photo-de-groupe-de-la-fete-des-jardins-2024-juin.png'));
    expect(screen.getByText('photo-de-groupe-de-la-fete-des-jard...png')).toBeTruthy();
    const titles = screen.getAllByLabelText(/Titre affiché \(facultatif\)/);
    expect(titles).toHaveLength(2);
    fireEvent.change(titles[1]!, { target: { value: 'La fête' } });
    expect(latest!.added[0]!.displayedName).toBe('La fête');
  });

  it('shows per-file errors', () => {
    render(
      <Harness
        errors={{
          'logos.0.displayedName': 'Titre trop long.',
        }}
      />,
    );
    expect(screen.getByText('Titre trop long.')).toBeTruthy();
  });

  it('replaces the file in single mode', () => {
    function Single() {
      const [value, setValue] = useState(() => fileFieldValue(SAVED));
      latest = value;
      return (
        <FileField
          name="image"
          label="Image"
          accept={['image/png']}
          existing={SAVED}
          value={value}
          onChange={setValue}
        />
      );
    }
    render(<Single />);
    fireEvent.change(screen.getByLabelText(/^Image/, { selector: 'input' }), {
      target: { files: [png('new.png')] },
    });
    expect(latest!.existing).toHaveLength(0);
    expect(latest!.added.map((entry) => entry.file.name)).toEqual(['new.png']);
  });
});
