import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCaptcha } from './use-captcha';

function findCaptchaScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]')];
}

afterEach(() => {
  for (const script of findCaptchaScripts()) script.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useCaptcha', () => {
  it('does nothing without a site key', async () => {
    const { result } = renderHook(() => useCaptcha(null, true));
    expect(await result.current.getToken()).toBeNull();
    expect(findCaptchaScripts()).toHaveLength(0);
  });

  it("makes the test provider's tokens itself for the 'test' key, a new one on refresh", async () => {
    const { result } = renderHook(() => useCaptcha('test', true));
    const first = await result.current.getToken();
    expect(first).toMatch(/^test:pass:[0-9a-f-]{36}$/);
    act(() => result.current.refresh());
    const second = await result.current.getToken();
    expect(second).toMatch(/^test:pass:/);
    expect(second).not.toBe(first);
    expect(findCaptchaScripts()).toHaveLength(0);
  });

  it('replaces the token every 60 s while the form is on screen', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCaptcha('test', true));
    await act(async () => {});
    const first = await result.current.getToken();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(await result.current.getToken()).not.toBe(first);
  });

  it('loads reCAPTCHA Enterprise only once the form is shown, then asks for login and contact_us tokens', async () => {
    const execute = vi.fn(async (_key: string, options: { action: string }) => `token-${options.action}`);
    vi.stubGlobal('grecaptcha', { enterprise: { ready: (callback: () => void) => callback(), execute } });
    const { result, rerender } = renderHook(({ isActive }) => useCaptcha('site-key-1', isActive), {
      initialProps: { isActive: false },
    });
    expect(findCaptchaScripts()).toHaveLength(0);

    rerender({ isActive: true });
    const [script] = findCaptchaScripts();
    expect(script?.src).toBe('https://www.google.com/recaptcha/enterprise.js?render=site-key-1');
    await act(async () => {
      script?.dispatchEvent(new Event('load'));
    });

    expect(await result.current.getToken()).toBe('token-login');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'login' });
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'contact_us' });
  });
});
