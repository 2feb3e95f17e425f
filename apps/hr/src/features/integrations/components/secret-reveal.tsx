import { useId, useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-frame';
import { useT } from '../../../lib/i18n';

/**
 * A secret the server answers once (a token, a signing secret): shown read-only with a copy button,
 * and a warning that it will not be shown again. The copy result is announced in the dialog itself
 * (snackbars are hidden from screen readers while a modal dialog is open).
 */
export function SecretReveal({ label, secret }: { label: string; secret: string }) {
  const t = useT();
  const id = useId();
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);

  const copy = () => {
    setCopyState(null);
    navigator.clipboard
      .writeText(secret)
      .then(() => setCopyState('copied'))
      .catch(() => setCopyState('failed'));
  };

  return (
    <div className="secret-reveal">
      <label htmlFor={id}>{label}</label>
      <div className="secret-reveal__row">
        <input
          id={id}
          type="text"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          className="secret-reveal__value"
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.target.select()}
          data-autofocus="true"
        />
        <button type="button" onClick={copy}>
          {t('hr.integrations.copy')}
        </button>
      </div>
      <p id={`${id}-hint`} className="hint secret-reveal__warning">
        {t('hr.integrations.shown_once')}
      </p>
      <p role="status" className="hint">
        {copyState === 'copied' ? t('hr.integrations.copied') : null}
        {copyState === 'failed' ? t('hr.integrations.copy_failed') : null}
      </p>
    </div>
  );
}

/** A form's last step once the server made its secret: what it is, the secret itself, how to use it, Done. */
export function SecretCreated({
  text,
  label,
  secret,
  usage,
  onDone,
}: {
  text: string;
  label: string;
  secret: string;
  usage: string;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <div>
      <p>{text}</p>
      <SecretReveal label={label} secret={secret} />
      <p className="hint">{usage}</p>
      <DialogActions>
        <button type="button" className="primary" onClick={onDone}>
          {t('hr.integrations.done')}
        </button>
      </DialogActions>
    </div>
  );
}
