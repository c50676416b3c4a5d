import { describe, expect, it } from 'vitest';
import { formDataHasFiles, toFormData } from './to-form-data.ts';

const entries = (data: FormData) =>
  [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : 'FILE']);

describe('toFormData', () => {
  it('writes scalars, booleans, empty values and the method override', () => {
    const data = toFormData(
      {
        title: 'Jardin partagé',
        nb_team_members: 4,
        project_cost: 0,
        display_documents: true,
        is_pat: false,
        ended_at: null,
        external_url: undefined,
        description: '',
      },
      { method: 'put' },
    );
    expect(entries(data)).toEqual([
      ['title', 'Jardin partagé'],
      ['nb_team_members', '4'],
      ['project_cost', '0'],
      ['display_documents', '1'],
      ['is_pat', '0'],
      ['ended_at', ''],
      ['external_url', ''],
      ['description', ''],
      ['_method', 'put'],
    ]);
  });

  it('writes lists and nested objects in bracket notation', () => {
    const data = toFormData(
      {
        subthematics: [3, 7],
        technical_partners: [{ partner: 'Mairie' }, { partner: 'Association' }],
        financial_partners: [{ partner: 'Région', device: null }],
        issues: { types: ['a', 'b'], description: 'Texte' },
      },
      { method: 'post' },
    );
    expect(entries(data)).toEqual([
      ['subthematics[0]', '3'],
      ['subthematics[1]', '7'],
      ['technical_partners[0][partner]', 'Mairie'],
      ['technical_partners[1][partner]', 'Association'],
      ['financial_partners[0][partner]', 'Région'],
      ['financial_partners[0][device]', ''],
      ['issues[types][0]', 'a'],
      ['issues[types][1]', 'b'],
      ['issues[description]', 'Texte'],
      ['_method', 'post'],
    ]);
  });

  it('sends an emptied list as an empty value', () => {
    const data = toFormData({ communes: [], website_urls: [] }, { method: 'put' });
    expect(entries(data)).toEqual([
      ['communes', ''],
      ['website_urls', ''],
      ['_method', 'put'],
    ]);
  });

  it('appends files under their bracket name, with their own file name', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const data = toFormData(
      { image: logo, logo_files: [{ file: logo, displayedName: 'Notre logo' }] },
      { method: 'post' },
    );
    expect(entries(data)).toEqual([
      ['image', 'FILE'],
      ['logo_files[0][file]', 'FILE'],
      ['logo_files[0][displayedName]', 'Notre logo'],
      ['_method', 'post'],
    ]);
    const sent = data.get('logo_files[0][file]');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('logo.png');
  });

  it('writes dates as YYYY-MM-DD and ignores a _method among the values', () => {
    const data = toFormData(
      { released_at: new Date(2024, 2, 5), _method: 'delete' },
      { method: 'post' },
    );
    expect(entries(data)).toEqual([
      ['released_at', '2024-03-05'],
      ['_method', 'post'],
    ]);
  });
});

describe('formDataHasFiles', () => {
  it('tells a body with files from one without', () => {
    expect(formDataHasFiles(toFormData({ title: 'a' }, { method: 'post' }))).toBe(false);
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    expect(formDataHasFiles(toFormData({ document: file }, { method: 'post' }))).toBe(true);
  });
});
