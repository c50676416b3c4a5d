import { describe, expect, it } from 'vitest';
import { formatFileSize, shortFileName } from './file-names.ts';

describe('shortFileName', () => {
  it('keeps a name of 40 characters or fewer', () => {
    expect(shortFileName('rapport.pdf')).toBe('rapport.pdf');
    const forty = `${'a'.repeat(36)}.pdf`;
    expect(forty).toHaveLength(40);
    expect(shortFileName(forty)).toBe(forty);
  });

  it('shows the first 35 characters, "..." and the extension of a longer name', () => {
    const name = 'compte-rendu-de-la-reunion-du-comite-de-pilotage-2024.pdf';
    expect(shortFileName(name)).toBe('compte-rendu-de-la-reunion-du-comit...pdf');
  });

  it('shows the first 35 characters and "..." for a longer name without extension', () => {
    const name = 'a'.repeat(50);
    expect(shortFileName(name)).toBe(`${'a'.repeat(35)}...`);
  });
});

describe('formatFileSize', () => {
  it('writes sizes in French', () => {
    expect(formatFileSize(850)).toBe('850 octets');
    expect(formatFileSize(350 * 1024)).toBe('350 ko');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1,2 Mo');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 Mo');
    expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2,5 Go');
    expect(formatFileSize(1023.8 * 1024)).toBe('1 Mo');
  });
});
