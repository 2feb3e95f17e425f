import { useT } from '../../../lib/i18n';
import './bulk.css';

/** A card the board has just moved, named as the offer says it. */
export type MovedCard = { applicationId: number; name: string; stageName: string };

/**
 * After a card is moved on the board, the offer to write to its candidate about the move (issue 17).
 * The move itself is announced by the board's status line; this is no live region, so it is not said
 * twice, and it takes no focus, so a keyboard move keeps its focus on the card. It stays until used,
 * closed, or replaced by the next move: an offer that timed out would be gone before a keyboard user
 * reached it.
 */
export function BoardMailOffer({
  moved,
  onSend,
  onClose,
}: {
  moved: MovedCard | null;
  onSend: (moved: MovedCard) => void;
  onClose: () => void;
}) {
  const t = useT();
  if (!moved) return null;
  return (
    <div className="snackbar-region board-mail-offer-region">
      <section className="snackbar" aria-label={t('hr.board.mail_offer')}>
        <p className="snackbar__message">
          {t('hr.board.moved_snackbar', { name: moved.name, stage: moved.stageName })}
        </p>
        <button type="button" className="undo-snackbar__button" onClick={() => onSend(moved)}>
          {t('hr.board.send_mail')}
        </button>
        <button
          type="button"
          className="snackbar__close"
          aria-label={t('hr.board.mail_offer_dismiss')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </section>
    </div>
  );
}
