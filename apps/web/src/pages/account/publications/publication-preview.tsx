import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import type { Deletable, FileEntry } from '@ad/contract/account/member-content';
import {
  DeleteConfirmModal,
  SuccessModal,
  formatFileSize,
} from '../../../features/account-forms/index.ts';
import { formatDate } from '../../../lib/date.ts';
import { fr } from '../../../lib/fr.ts';
import './publications.css';

export interface PreviewItem {
  label: string;
  /** Null or '' leaves the item out (an optional field left empty). */
  value: ReactNode;
}

/** The item's fields as labelled read-only items (a description list in the DSFR look). */
export function PreviewList({ items }: { items: PreviewItem[] }) {
  const shown = items.filter((item) => item.value !== null && item.value !== '');
  return (
    <dl className="app-preview-list">
      {shown.map((item) => (
        <div key={item.label} className="app-preview-list__item">
          <dt className={fr.cx('fr-text--bold', 'fr-mb-1v')}>{item.label}</dt>
          <dd className={fr.cx('fr-mb-0')}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Sanitised HTML of the server (sanitizeRichText on save). */
export function RichText({ html }: { html: string | null }) {
  if (!html) return null;
  return <div className="app-preview-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function ExternalLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={`${href} - nouvelle fenêtre`}>
      {href}
    </a>
  );
}

export function Thumbnail({ image }: { image: FileEntry | null }) {
  if (!image) return null;
  return (
    <img
      className="app-preview-thumb"
      src={image.thumb_url ?? image.url}
      alt={`Image : ${image.filename}`}
      loading="lazy"
    />
  );
}

export const frenchDay = (day: string | null) => (day ? formatDate(day) : null);

/** « guide.pdf (1,2 Mo) » linking to the file. */
export function FileLink({
  file,
}: {
  file: { file: string; filename: string; size: number } | null;
}) {
  if (!file) return null;
  return (
    <a href={file.file} target="_blank" rel="noopener noreferrer">
      {file.filename} ({formatFileSize(file.size)})
    </a>
  );
}

/**
 * The preview's buttons: edit (a link to the form) and delete (the confirmation modal, then the
 * success modal whose 'Fermer' goes to the dashboard).
 */
export function PreviewActions({
  editTo,
  editLabel,
  deleteLabel,
  deletable,
}: {
  editTo: string;
  editLabel: string;
  deleteLabel: string;
  deletable: Deletable;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Marked stale without a refetch: refetching now would ask for the deleted item (a 404) while
  // this page is still mounted; the dashboard refetches its lists when it mounts.
  const backToDashboard = () => {
    void queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith('/api/user'),
      refetchType: 'none',
    });
    navigate(pathTo('myaccount.dashboard'));
  };
  return (
    <>
      <ul
        className={fr.cx(
          'fr-btns-group',
          'fr-btns-group--inline-md',
          'fr-btns-group--icon-left',
          'fr-mt-4w',
        )}
      >
        <li>
          <Link className={fr.cx('fr-btn', 'fr-icon-edit-line')} to={editTo}>
            {editLabel}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-icon-delete-line')}
            onClick={() => setConfirming(true)}
          >
            {deleteLabel}
          </button>
        </li>
      </ul>
      <DeleteConfirmModal
        open={confirming}
        deletable={deletable}
        onCancel={() => setConfirming(false)}
        onDeleted={(message) => {
          setConfirming(false);
          setDeleted(message);
        }}
      />
      <SuccessModal open={deleted !== null} message={deleted ?? ''} onClose={backToDashboard} />
    </>
  );
}
