import { CAPTCHA_REFRESH_MS } from '@kadry/shared/constants';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createRandomId } from './create-random-id';

/**
 * The site key of the server's deterministic test provider (apps/server/src/modules/captcha/test-verifier.ts).
 * With it the browser never loads Google's script: it makes tokens `test:pass:<random>` itself, which
 * that provider accepts once each. Used by local trials and the browser tests.
 */
const TEST_CAPTCHA_SITE_KEY = 'test';

/** The action an application token is issued for; the server accepts no other (spec §6). */
const APPLICATION_CAPTCHA_ACTION = 'login';
/** The contact-style, score-based action (spec §6), executed once when the form opens. */
const CONTACT_CAPTCHA_ACTION = 'contact_us';

/** How long a submission waits for a first token before it is sent without one (the server then refuses it). */
const TOKEN_WAIT_MS = 10_000;

type Grecaptcha = {
  enterprise: {
    ready(callback: () => void): void;
    execute(siteKey: string, options: { action: string }): Promise<string>;
  };
};

/** Makes captcha tokens for one site key. */
type CaptchaClient = { execute(action: string): Promise<string> };

const scriptLoads = new Map<string, Promise<Grecaptcha>>();

function readGrecaptcha(): Grecaptcha | undefined {
  return (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
}

/** Loads the invisible reCAPTCHA Enterprise script once per site key and waits until it is ready. */
function loadRecaptchaEnterprise(siteKey: string): Promise<Grecaptcha> {
  let load = scriptLoads.get(siteKey);
  if (!load) {
    load = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const grecaptcha = readGrecaptcha();
        if (grecaptcha) grecaptcha.enterprise.ready(() => resolve(grecaptcha));
        else reject(new Error('reCAPTCHA script loaded without grecaptcha'));
      };
      script.onerror = () => reject(new Error('reCAPTCHA script failed to load'));
      document.head.append(script);
    });
    // A failed load (offline for a moment) may be retried by the next refresh.
    load.catch(() => scriptLoads.delete(siteKey));
    scriptLoads.set(siteKey, load);
  }
  return load;
}

/** The token maker for a site key: Google's script, or the local test tokens for the 'test' key. */
function createCaptchaClient(siteKey: string): CaptchaClient {
  if (siteKey === TEST_CAPTCHA_SITE_KEY) {
    return { execute: async () => `test:pass:${createRandomId()}` };
  }
  return {
    async execute(action) {
      const grecaptcha = await loadRecaptchaEnterprise(siteKey);
      return grecaptcha.enterprise.execute(siteKey, { action });
    },
  };
}

export type CaptchaHandle = {
  /** The current token, waiting for the first one if needed; null without a site key or when none came. */
  getToken(): Promise<string | null>;
  /** Drops the current token and fetches a new one (after each submission attempt: tokens are single-use). */
  refresh(): void;
};

/**
 * Captcha tokens for the application form (spec §4, §6). Nothing happens without a site key. With one,
 * the script loads only when the form opens, a 'login' token is kept ready and replaced every 60 s while
 * the form is on screen, and the contact-style 'contact_us' action runs once for its score.
 */
export function useCaptcha(siteKey: string | null, isActive: boolean): CaptchaHandle {
  const client = useMemo(() => (siteKey ? createCaptchaClient(siteKey) : null), [siteKey]);
  const tokenRef = useRef<string | null>(null);
  const pendingRef = useRef<Promise<string | null> | null>(null);

  const refresh = useCallback((): Promise<string | null> => {
    if (!client) return Promise.resolve(null);
    tokenRef.current = null;
    const pending = client.execute(APPLICATION_CAPTCHA_ACTION).then(
      (token) => token,
      () => null,
    );
    pendingRef.current = pending;
    void pending.then((token) => {
      // A newer refresh may have started meanwhile; only the latest one sets the token.
      if (pendingRef.current === pending) tokenRef.current = token;
    });
    return pending;
  }, [client]);

  useEffect(() => {
    if (!client || !isActive) return;
    void refresh();
    const timer = window.setInterval(() => void refresh(), CAPTCHA_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [client, isActive, refresh]);

  const hasRunContactAction = useRef(false);
  useEffect(() => {
    if (!client || !isActive || hasRunContactAction.current || siteKey === TEST_CAPTCHA_SITE_KEY) return;
    hasRunContactAction.current = true;
    // Score-only: the token feeds reCAPTCHA's model of this visitor; the wire has no place for it.
    client.execute(CONTACT_CAPTCHA_ACTION).catch(() => undefined);
  }, [client, isActive, siteKey]);

  const getToken = useCallback(async (): Promise<string | null> => {
    if (!client) return null;
    if (tokenRef.current) return tokenRef.current;
    const pending = pendingRef.current ?? refresh();
    let timer = 0;
    const timeout = new Promise<null>((resolve) => {
      timer = window.setTimeout(() => resolve(null), TOKEN_WAIT_MS);
    });
    const token = await Promise.race([pending, timeout]);
    window.clearTimeout(timer);
    return token;
  }, [client, refresh]);

  return useMemo(() => ({ getToken, refresh: () => void refresh() }), [getToken, refresh]);
}
