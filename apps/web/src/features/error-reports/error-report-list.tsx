import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Link } from 'react-router';
import type { TeamErrorReport } from '@ad/contract/error-reports';
import { formatDate, formatRelative } from '../../lib/date.ts';
import { fr } from '../../lib/fr.ts';
import { invalidateErrorReports, resolveErrorReport } from './api.ts';
import './error-reports.css';

/**
 * « Marquer comme traité » of a list: the click's state and its outcome, shown by
 * `ResolveOutcome`, which takes the focus (the report leaves the list). The owner keeps the
 * outcome mounted when the list empties.
 */
export function useResolveErrorReport() {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const resolve = async (report: TeamErrorReport) => {
    setRunning(report.id);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await resolveErrorReport(report.id) });
      await invalidateErrorReports(queryClient);
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setRunning(null);
      requestAnimationFrame(() => outcomeRef.current?.focus());
    }
  };

  return { resolve, running, outcome, outcomeRef };
}

export type ResolveState = ReturnType<typeof useResolveErrorReport>;

/** The outcome of the last « Marquer comme traité » (a live region, focused after the click). */
export function ResolveOutcome({ state }: { state: ResolveState }) {
  const { outcome, outcomeRef } = state;
  return (
    <div ref={outcomeRef} tabIndex={-1} aria-live="polite">
      {outcome ? (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          small
          description={outcome.text}
          className={fr.cx('fr-mb-2w')}
        />
      ) : null}
    </div>
  );
}

/**
 * Open reports, each with its message, the visitor's address (to answer them), its date and
 * « Marquer comme traité ». `withItem` also names the reported item with its links (the
 * « Signalements » page; the review page's panel is already about one item).
 */
export function ErrorReportList({
  reports,
  withItem,
  headingLevel,
  resolving,
}: {
  reports: TeamErrorReport[];
  withItem: boolean;
  headingLevel: 'h2' | 'h3';
  resolving: ResolveState;
}) {
  const { resolve, running } = resolving;
  const Heading = headingLevel;
  return (
    <ul className="app-error-reports">
      {reports.map((report) => {
        const date = formatDate(report.created_at);
        const about = report.item.title ?? 'fiche supprimée';
        return (
          <li key={report.id} className="app-error-reports__entry">
            <article aria-labelledby={`error-report-${report.id}`}>
              <Heading id={`error-report-${report.id}`} className={fr.cx('fr-h6', 'fr-mb-1w')}>
                {withItem ? (
                  <>
                    {report.item.type_label} : {report.item.title ?? '(fiche supprimée)'}
                  </>
                ) : (
                  <>Signalement du {date}</>
                )}
              </Heading>
              <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>
                {withItem ? <>Signalé </> : null}
                <time dateTime={report.created_at} title={date}>
                  {formatRelative(report.created_at)}
                </time>
                {report.email ? (
                  <>
                    {' '}
                    par <a href={`mailto:${report.email}`}>{report.email}</a>
                  </>
                ) : (
                  <> (sans adresse e-mail)</>
                )}
                {withItem && report.item_open_reports > 1 ? (
                  <>
                    {' · '}
                    {report.item_open_reports} signalements ouverts sur cette fiche
                  </>
                ) : null}
              </p>
              <blockquote className="app-error-reports__message">
                <p>{report.message}</p>
              </blockquote>
              <ul
                className={fr.cx(
                  'fr-btns-group',
                  'fr-btns-group--inline-md',
                  'fr-btns-group--sm',
                  'fr-btns-group--icon-left',
                )}
              >
                <li>
                  <button
                    type="button"
                    className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-icon-check-line')}
                    disabled={running !== null}
                    onClick={() => void resolve(report)}
                  >
                    Marquer comme traité{' '}
                    <span className={fr.cx('fr-sr-only')}>
                      (signalement du {date} sur « {about} »)
                    </span>
                  </button>
                </li>
                {withItem && report.item.review_path ? (
                  <li>
                    <Link
                      className={fr.cx('fr-btn', 'fr-btn--tertiary', 'fr-icon-eye-line')}
                      to={report.item.review_path}
                    >
                      Ouvrir la fiche dans la modération{' '}
                      <span className={fr.cx('fr-sr-only')}>(« {about} »)</span>
                    </Link>
                  </li>
                ) : null}
                {withItem && report.item.public_path ? (
                  <li>
                    <a
                      className={fr.cx('fr-btn', 'fr-btn--tertiary')}
                      href={report.item.public_path}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={`Voir la fiche publique « ${about} » - nouvelle fenêtre`}
                    >
                      Voir la fiche publique
                    </a>
                  </li>
                ) : null}
              </ul>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
