import { VIDEO_FRAME_ORIGINS } from '@ad/contract';
import { describe, expect, it } from 'vitest';
import { downloadName, fileDetail, fileFormat, humanFileSize } from './file-size.ts';
import { videoEmbed } from './video-embed.ts';

describe('videoEmbed', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://vimeo.com/channels/staffpicks/76979871',
      'https://player.vimeo.com/video/76979871?dnt=1',
    ],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://www.dailymotion.com/video/x8abc12',
      'https://www.dailymotion.com/embed/video/x8abc12',
    ],
    ['https://dai.ly/x8abc12', 'https://www.dailymotion.com/embed/video/x8abc12'],
  ])('%s → %s', (url, embedUrl) => {
    const embed = videoEmbed(url);
    expect(embed?.embedUrl).toBe(embedUrl);
    expect(VIDEO_FRAME_ORIGINS).toContain(new URL(embedUrl).origin);
  });

  it.each([
    'https://video.exemple.fr/legumerie',
    'https://www.youtube.com/watch?v=<script>',
    'https://www.youtube.com/channel/abc',
    'https://vimeo.com/about',
    'javascript:alert(1)',
    'pas une adresse',
    '',
    null,
  ])('%s is not embedded', (url) => {
    expect(videoEmbed(url)).toBeNull();
  });
});

describe('file sizes', () => {
  it('says sizes in French', () => {
    expect(humanFileSize(850)).toBe('850 octets');
    expect(humanFileSize(12_800)).toBe('12,5 Ko');
    expect(humanFileSize(1_258_291)).toBe('1,2 Mo');
    expect(humanFileSize(3 * 1024 ** 3)).toBe('3 Go');
  });
  it('gives the format from the address', () => {
    expect(fileFormat('/uploads/resources/guide.pdf')).toBe('PDF');
    expect(fileFormat('/uploads/a/b')).toBeNull();
    expect(fileDetail('/uploads/resources/guide.pdf', 1_258_291)).toBe('PDF – 1,2 Mo');
  });
});

describe('downloadName', () => {
  it('saves a file under its label and its extension, not the stored random name', () => {
    expect(downloadName('Guide EGalim 2024', '/uploads/2026/11/3f9c0d2e.pdf')).toBe(
      'Guide EGalim 2024.pdf',
    );
    expect(downloadName('Menus : hiver/été', '/uploads/a.DOCX?v=2')).toBe('Menus - hiver-été.docx');
  });

  it('keeps a name for a file without extension or an empty label', () => {
    expect(downloadName('Annexe', '/uploads/annexe')).toBe('Annexe');
    expect(downloadName('  ', '/uploads/a.pdf')).toBe('document.pdf');
  });
});
