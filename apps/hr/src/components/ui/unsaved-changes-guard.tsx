import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useRouter } from 'wouter';
import { useT } from '../../lib/i18n';
import { DialogActions, DialogFrame } from './dialog-frame';

/** While `isDirty`, reloading or closing the tab gets the browser's own "leave the page?" prompt. */
export function usePromptBeforeUnload(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
}

/**
 * Asks before unsaved changes are lost: a click on a link of the app opens a confirmation, and a
 * reload or closing the tab gets the browser's own prompt. (The browser's Back button is not
 * intercepted: the router offers no way to hold a history move.)
 */
export function UnsavedChangesGuard({
  isDirty,
  texts,
}: {
  isDirty: boolean;
  /** Translated texts of the confirmation. */
  texts: { title: string; text: string; stay: string; leave: string };
}) {
  const { base } = useRouter();
  const [, navigate] = useLocation();
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  usePromptBeforeUnload(isDirty);

  useEffect(() => {
    if (!isDirty) return;
    // Capture phase: runs before the router's link handler, which respects defaultPrevented.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      // Other sites and same-page anchors (the skip link) are left to the browser and beforeunload.
      if (url.origin !== window.location.origin) return;
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search)
        return;
      event.preventDefault();
      setPendingHref(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [isDirty]);

  const leave = () => {
    const href = pendingHref;
    setPendingHref(null);
    if (href === null) return;
    // `~` makes the path absolute to the router, which would otherwise put its base in front again.
    if (href === base || href.startsWith(`${base}/`)) navigate(`~${href}`);
    else window.location.assign(href);
  };

  return (
    <DialogFrame
      open={pendingHref !== null}
      onClose={() => setPendingHref(null)}
      title={texts.title}
      description={texts.text}
    >
      <DialogActions>
        <button type="button" className="primary" onClick={() => setPendingHref(null)}>
          {texts.stay}
        </button>
        <button type="button" onClick={leave}>
          {texts.leave}
        </button>
      </DialogActions>
    </DialogFrame>
  );
}

/**
 * Closing a dialog whose form holds unsaved changes asks "Discard changes?" first. Give
 * `requestClose` to the dialog's `onClose` (Escape, its ×, a click outside) and to its Cancel; the form
 * tells whether it is dirty with `useDirtyReport(isDirty, onDirtyChange)`; render `confirmation`
 * inside the dialog, so the question stacks on it (Escape there closes only the question). Leaving
 * the page meanwhile is the form's UnsavedChangesGuard's to ask about.
 */
export function useDiscardConfirmation(onClose: () => void): {
  requestClose: () => void;
  onDirtyChange: (isDirty: boolean) => void;
  confirmation: ReactNode;
} {
  const t = useT();
  const [isDirty, setIsDirty] = useState(false);
  const [isAsking, setIsAsking] = useState(false);
  // Where the focus was when the question opened (the ×, Cancel, a field): "Keep editing" returns there.
  const returnFocus = useRef<HTMLElement | null>(null);

  const requestClose = () => {
    if (!isDirty) {
      onClose();
      return;
    }
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIsAsking(true);
  };
  const discard = () => {
    setIsAsking(false);
    setIsDirty(false);
    onClose();
  };

  const confirmation = (
    <DialogFrame
      open={isAsking}
      onClose={() => setIsAsking(false)}
      finalFocus={returnFocus}
      role="alertdialog"
      title={t('hr.discard_guard.title')}
      description={t('hr.discard_guard.text')}
    >
      <DialogActions>
        <button type="button" className="primary" onClick={() => setIsAsking(false)}>
          {t('hr.discard_guard.keep')}
        </button>
        <button type="button" onClick={discard}>
          {t('hr.discard_guard.discard')}
        </button>
      </DialogActions>
    </DialogFrame>
  );

  // setIsDirty keeps its identity: the form's report does not run again on every render.
  return { requestClose, onDirtyChange: setIsDirty, confirmation };
}

/**
 * A dialog's form telling useDiscardConfirmation whether it holds unsaved changes; clean again once
 * the form is gone, so the dialog opened next starts without a stale question.
 */
export function useDirtyReport(isDirty: boolean, onDirtyChange: ((isDirty: boolean) => void) | undefined) {
  useEffect(() => {
    onDirtyChange?.(isDirty);
    return () => onDirtyChange?.(false);
  }, [isDirty, onDirtyChange]);
}
