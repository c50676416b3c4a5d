import { api } from '../../lib/api-client.ts';
import { fr } from '../../lib/fr.ts';
import { ConfirmModal, type Confirmation } from './confirm-modal.tsx';

/** The `deletable` object of a dashboard list item (spec §3 "Dashboard list item"). */
export interface Deletable {
  /** 'Actualité', 'Initiative'…: the title reads '{label} : suppression'. */
  label: string;
  /** 'votre actualité'…: 'Vous êtes sur le point de supprimer {sentence} :'. */
  sentence: string;
  /** The item's name, shown on its own line. */
  name: string;
  /** The message of the success modal after the delete. */
  success: string;
  /** Where `DELETE` goes. */
  url: string;
}

const DELETE_FAILED = "La suppression n'a pas pu aboutir. Veuillez réessayer.";

/**
 * Confirmation of a delete (spec §2 "Modals"), a ConfirmModal: 'Confirmer la suppression' sends
 * `DELETE url`; on success `onDeleted(deletable.success)` lets the page show the success modal.
 */
export function DeleteConfirmModal({
  open,
  deletable,
  onCancel,
  onDeleted,
}: {
  open: boolean;
  deletable: Deletable | null;
  onCancel: () => void;
  onDeleted: (success: string) => void;
}) {
  const confirmation: Confirmation | null = deletable && {
    title: <>{deletable.label} : suppression</>,
    body: (
      <>
        <p className={fr.cx('fr-mb-1w')}>
          Vous êtes sur le point de supprimer {deletable.sentence} :
        </p>
        <p className={fr.cx('fr-text--bold')}>{deletable.name}</p>
      </>
    ),
    confirmLabel: 'Confirmer la suppression',
    failed: DELETE_FAILED,
    run: async () => {
      await api.delete(deletable.url);
      return deletable.success;
    },
  };
  return (
    <ConfirmModal
      open={open}
      confirmation={confirmation}
      resetKey={deletable?.url}
      onCancel={onCancel}
      onDone={onDeleted}
    />
  );
}
