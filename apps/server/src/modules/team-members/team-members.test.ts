import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/content.ts';
import { files } from '../../db/schema/files.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';

describe('GET /api/internal-team-members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [avatar] = await t.database.db
      .insert(files)
      .values({
        storageKey: 'avatars/ab12cd.webp',
        originalName: 'photo.jpg',
        mimeType: 'image/webp',
        size: 1234,
      })
      .returning();
    await t.database.db.insert(teamMembers).values([
      { name: 'Second', department: 'DRAAF', description: 'Animation', position: 2 },
      {
        name: 'Premier',
        department: 'DREAL',
        description: 'Coordination',
        position: 1,
        avatarFileId: avatar!.id,
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists exactly the presenter fields, ordered by position', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          avatar_url: '/uploads/avatars/ab12cd.webp',
          name: 'Premier',
          department: 'DREAL',
          description: 'Coordination',
        },
        { avatar_url: null, name: 'Second', department: 'DRAAF', description: 'Animation' },
      ],
    });
  });

  it('is cacheable and revalidates with an ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/internal-team-members',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('is never public when the response sets a cookie (session refresh or clean-up)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/internal-team-members',
      cookies: { ad_session: 'expired-or-unknown' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });
});
