import { useTranslate } from '@kadry/ui/i18n';
import { preloadResponseFormView } from '../apply/lazy-response-form-view';

/** The sticky footer of the details view with the Apply button in the company's button colour. */
export function ApplyFooter({ onApply }: { onApply: () => void }) {
  const t = useTranslate();
  return (
    <footer className="apply-footer">
      <div className="apply-footer__inner">
        <button
          type="button"
          className="button button--primary apply-footer__button"
          onClick={onApply}
          onPointerEnter={preloadResponseFormView}
          onFocus={preloadResponseFormView}
        >
          {t('careers.apply')}
        </button>
      </div>
    </footer>
  );
}
