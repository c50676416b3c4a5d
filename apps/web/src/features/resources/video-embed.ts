import { VIDEO_FRAME_ORIGINS } from '@ad/contract';

export interface VideoEmbed {
  /** The service, named to the visitor before the player loads. */
  provider: 'YouTube' | 'Vimeo' | 'Dailymotion';
  /** The privacy-friendly player URL (youtube-nocookie, Vimeo's dnt=1). */
  embedUrl: string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const DAILYMOTION_ID = /^[a-zA-Z0-9]{5,12}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The embeddable player of a resource's video URL (YouTube, Vimeo or Dailymotion page, share
 * or embed links), or null for any other address (then shown as a plain external link). Only
 * origins of VIDEO_FRAME_ORIGINS, which the Content-Security-Policy allows as frames.
 */
export function videoEmbed(url: string | null | undefined): VideoEmbed | null {
  const parsed = url ? parse(url) : null;
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  let embed: VideoEmbed | null = null;

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? segments[0]
        : segments[0] === 'watch'
          ? parsed.searchParams.get('v')
          : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
            ? segments[1]
            : null;
    if (id && YOUTUBE_ID.test(id)) {
      embed = { provider: 'YouTube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
    }
  } else if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    // vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123
    const id = segments.at(-1);
    if (id && VIMEO_ID.test(id)) {
      embed = { provider: 'Vimeo', embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
    }
  } else if (host === 'dailymotion.com' || host === 'dai.ly') {
    // dailymotion.com/video/x8abc12, dailymotion.com/embed/video/x8abc12, dai.ly/x8abc12
    const id = host === 'dai.ly' ? segments[0] : segments.at(-1);
    const isVideo = host === 'dai.ly' || segments.includes('video');
    if (isVideo && id && DAILYMOTION_ID.test(id)) {
      embed = {
        provider: 'Dailymotion',
        embedUrl: `https://www.dailymotion.com/embed/video/${id}`,
      };
    }
  }
  if (!embed) return null;
  const origin = new URL(embed.embedUrl).origin;
  return (VIDEO_FRAME_ORIGINS as readonly string[]).includes(origin) ? embed : null;
}
