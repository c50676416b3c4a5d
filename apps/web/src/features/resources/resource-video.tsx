import { useEffect, useRef, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { videoEmbed } from './video-embed.ts';

/**
 * A resource's video. A known third-party player (YouTube, Vimeo, Dailymotion) only loads after
 * the visitor asks for it: until then a placeholder names the service that hosts the video (it
 * may collect data once its player loads). Any other address is a plain external link.
 */
export function ResourceVideo({ url, name }: { url: string; name: string }) {
  const embed = videoEmbed(url);
  const [shown, setShown] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The button that had the focus is gone: the player takes it.
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);

  if (!embed) {
    return (
      <p>
        <a
          className={fr.cx('fr-btn', 'fr-btn--secondary')}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          title="Voir la vidéo - nouvelle fenêtre"
        >
          Voir la vidéo
        </a>
      </p>
    );
  }

  if (shown) {
    return (
      <div className={fr.cx('fr-responsive-vid')}>
        <iframe
          ref={frame}
          className={fr.cx('fr-responsive-vid__player')}
          src={embed.embedUrl}
          title={`Vidéo ${embed.provider} : ${name}`}
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  return (
    <div className={`${fr.cx('fr-p-3w')} app-video-consent`}>
      <p>
        Cette vidéo est hébergée par {embed.provider}. En l'affichant, vous acceptez que{' '}
        {embed.provider} reçoive des informations sur votre navigation (adresse IP, cookies).
      </p>
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mb-0')}>
        <li>
          <button type="button" className={fr.cx('fr-btn')} onClick={() => setShown(true)}>
            Afficher la vidéo
          </button>
        </li>
        <li>
          <a
            className={fr.cx('fr-btn', 'fr-btn--tertiary')}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            title={`Voir la vidéo sur ${embed.provider} - nouvelle fenêtre`}
          >
            Voir la vidéo sur {embed.provider}
          </a>
        </li>
      </ul>
    </div>
  );
}
