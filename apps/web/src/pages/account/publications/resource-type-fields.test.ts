import { describe, expect, it } from 'vitest';
import { keepFieldsOfType } from './resource-type-fields.ts';

const file = new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' });
const all = {
  external_url: 'https://exemple.fr',
  video_url: 'https://video.exemple.fr',
  document: { existing: [], added: [{ file }] },
};
const none = { existing: [], added: [] };

describe('keepFieldsOfType', () => {
  it('keeps only the field of the chosen type', () => {
    expect(keepFieldsOfType('external_url', all)).toEqual({
      external_url: 'https://exemple.fr',
      video_url: '',
      document: none,
    });
    expect(keepFieldsOfType('video', all)).toEqual({
      external_url: '',
      video_url: 'https://video.exemple.fr',
      document: none,
    });
    expect(keepFieldsOfType('file', all)).toEqual({
      external_url: '',
      video_url: '',
      document: all.document,
    });
  });

  it('clears all three for any other type', () => {
    expect(keepFieldsOfType('', all)).toEqual({ external_url: '', video_url: '', document: none });
  });
});
