import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_THEMATIC_HELP, pathTo } from '@ad/contract';
import type { Deletable } from '@ad/contract/account/member-content';
import { usePageConfig } from '../../../app/page-config.ts';
import {
  DeleteConfirmModal,
  SuccessModal,
  useBackToDashboard,
} from '../../../features/account-forms/index.ts';
import { fr } from '../../../lib/fr.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { DASHBOARD_CARDS } from './dashboard-cards.ts';
import { useHasInstitution } from './use-has-institution.ts';
import { WelcomeModal, rememberWelcomeSeen, welcomeAlreadySeen } from './welcome-modal.tsx';
import './dashboard.css';

const HELP_PATH = `${pathTo('contact-us')}?thematic=${CONTACT_THEMATIC_HELP}`;

/**
 * « Mon tableau de bord » (spec account-area §2 Dashboard): five cards of the member's content.
 * Initiatives and démarches need an institution: without one their lists are not loaded and the
 * welcome modal (once per browser session) invites the member to fill it in.
 */
export function DashboardPage() {
  const hasInstitution = useHasInstitution();
  const [deleting, setDeleting] = useState<Deletable | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // The title of the card whose item was deleted: its delete button goes with the item, so the
  // focus goes to the card once the success message is closed.
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const deletingFrom = useRef<string | null>(null);
  const [welcome, setWelcome] = useState(false);
  const reload = useBackToDashboard();

  useEffect(() => {
    if (hasInstitution === false && !welcomeAlreadySeen()) setWelcome(true);
  }, [hasInstitution]);

  useEffect(() => {
    if (success !== null || focusAfter === null) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [success, focusAfter]);

  const closeWelcome = () => {
    rememberWelcomeSeen();
    setWelcome(false);
  };

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Mon tableau de bord</h1>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        {DASHBOARD_CARDS.map((card) => (
          <div key={card.type} className={fr.cx('fr-col-12', 'fr-col-lg-6')}>
            <DashboardCard
              card={card}
              gated={
                card.needsInstitution ? (hasInstitution === null ? null : !hasInstitution) : false
              }
              onDelete={(deletable, titleId) => {
                setDeleting(deletable);
                deletingFrom.current = titleId;
              }}
            />
          </div>
        ))}
      </div>
      <HelpNote />
      <DeleteConfirmModal
        open={deleting !== null}
        deletable={deleting}
        onCancel={() => setDeleting(null)}
        onDeleted={(message) => {
          setDeleting(null);
          setSuccess(message);
          setFocusAfter(deletingFrom.current);
        }}
      />
      {/* 'Fermer' refetches the account queries: the lists reload in place. */}
      <SuccessModal
        open={success !== null}
        message={success ?? ''}
        onClose={() => {
          setSuccess(null);
          reload();
        }}
      />
      <WelcomeModal open={welcome} onClose={closeWelcome} />
    </div>
  );
}

function HelpNote() {
  const { settings } = usePageConfig();
  const phone = settings.helpPhone;
  return (
    <div className={fr.cx('fr-callout', 'fr-mt-4w')}>
      <h2 className={fr.cx('fr-callout__title', 'fr-h5')}>Besoin d'aide ?</h2>
      <p className={fr.cx('fr-callout__text')}>
        Une question sur votre espace ou sur la modération de vos contenus ? Écrivez-nous via le{' '}
        <Link to={HELP_PATH}>formulaire de contact</Link>
        {phone ? (
          <>
            {' '}
            ou appelez-nous au <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}
