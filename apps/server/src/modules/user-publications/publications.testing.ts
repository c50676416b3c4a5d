/** Fixtures of the account area's posts, events and resources API tests. Not used at run time. */
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  eventCategories,
  files,
  postCategories,
  resourceCategories,
  resourceTypes,
  thematics,
} from '../../db/schema/index.ts';
import { placeholderPdf } from '../../db/seed/placeholders.ts';
import {
  createUser,
  multipartBody,
  signIn,
  visit,
  type TestApp,
  type TestFile,
} from '../../platform/testing.ts';

export const png = async (color = '#0a0', filename = 'image.png'): Promise<TestFile> => ({
  filename,
  type: 'image/png',
  bytes: await sharp({ create: { width: 20, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

export const pdf = (filename = 'guide.pdf'): TestFile => ({
  filename,
  type: 'application/pdf',
  bytes: placeholderPdf('Guide', 'Un guide pour les cantines.'),
});

/** A text file renamed .pdf: refused by content. */
export const fakePdf = (): TestFile => ({
  filename: 'faux.pdf',
  type: 'application/pdf',
  bytes: Buffer.from('Ceci n’est pas un PDF.\n'.repeat(20)),
});

export const svgWithScript = (): TestFile => ({
  filename: 'image.svg',
  type: 'image/svg+xml',
  bytes: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  ),
});

/** The option lists the forms choose from (the test database starts empty). */
export async function insertReferenceData(t: TestApp) {
  const db = t.database.db;
  const [postCategory] = await db
    .insert(postCategories)
    .values([
      { slug: 'appel-a-projets', name: 'Appel à projets', position: 1 },
      { slug: 'vie-du-reseau', name: 'Vie du réseau', position: 2 },
    ])
    .returning({ id: postCategories.id });
  const [eventCategory] = await db
    .insert(eventCategories)
    .values([{ slug: 'atelier', name: 'Atelier', position: 1 }])
    .returning({ id: eventCategories.id });
  const [resourceCategory] = await db
    .insert(resourceCategories)
    .values([{ slug: 'guides', name: 'Guides', position: 1 }])
    .returning({ id: resourceCategories.id });
  await db.insert(thematics).values([
    {
      key: 'restauration',
      slug: 'restauration-collective',
      name: 'Restauration collective',
      color: '#000',
      class: 'restauration',
      position: 1,
    },
  ]);
  await db.insert(resourceTypes).values([
    { slug: 'file', name: 'Document', position: 1 },
    { slug: 'video', name: 'Vidéo', position: 2 },
    { slug: 'external_url', name: 'Lien externe', position: 3 },
  ]);
  return {
    postCategoryId: postCategory!.id,
    eventCategoryId: eventCategory!.id,
    resourceCategoryId: resourceCategory!.id,
  };
}

/** A signed-in member: cookies and the CSRF token of their session. */
export async function signedInMember(t: TestApp) {
  const user = await createUser(t.database);
  const signed = await signIn(t.app, user);
  const { cookies, csrf } = await visit(t.app, '/mon-compte/tableau-de-bord', signed);
  return { user, cookies, csrf };
}
export type Member = Awaited<ReturnType<typeof signedInMember>>;

export function apiClient(t: TestApp) {
  return {
    get: (who: Member | null, url: string) =>
      t.app.inject({ method: 'GET', url, cookies: who?.cookies ?? {} }),
    form: async (
      who: Member | null,
      url: string,
      fields: Record<string, string | TestFile>,
      { csrf = true } = {},
    ) => {
      const { payload, headers } = await multipartBody(fields);
      return t.app.inject({
        method: 'POST',
        url,
        cookies: who?.cookies ?? {},
        headers: { ...headers, ...(csrf && who ? { 'x-csrf-token': who.csrf } : {}) },
        payload,
      });
    },
    delete: (who: Member | null, url: string, { csrf = true } = {}) =>
      t.app.inject({
        method: 'DELETE',
        url,
        cookies: who?.cookies ?? {},
        headers: csrf && who ? { 'x-csrf-token': who.csrf } : {},
      }),
  };
}

export async function fileCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

/** Each field left out in turn is refused with a 422 naming it. */
export async function expectEachRequired(
  send: (fields: Record<string, string | TestFile>) => Promise<{
    statusCode: number;
    json: () => { errors: Record<string, string[]> };
  }>,
  fields: Record<string, string | TestFile>,
  expected: Record<string, string>,
) {
  for (const [key, message] of Object.entries(expected)) {
    const response = await send({ ...fields, [key]: '' });
    expect(response.statusCode, key).toBe(422);
    expect(response.json().errors[key], key).toEqual([message]);
  }
}
