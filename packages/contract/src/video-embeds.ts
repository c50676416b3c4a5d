/**
 * The third-party players a resource page may embed (after the visitor's consent), as origins of
 * their privacy-friendly embed URLs. The Content-Security-Policy's frame-src
 * (apps/server/src/platform/csp.ts) must allow each of them; a server test checks it.
 */
export const VIDEO_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.dailymotion.com',
] as const;
