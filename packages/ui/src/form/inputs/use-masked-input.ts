import type { FactoryOpts, InputMask } from 'imask';
import { useCallback, useEffect, useRef } from 'react';
import { useIMask } from 'react-imask';

/**
 * An input masked by react-imask whose text is owned by the form model: what the candidate types is
 * reported through `onAccept`, and a value set from outside (a CV prefill, a calendar pick) is written
 * into the mask. `options` must be stable (memoised): a new object re-applies the mask.
 */
export function useMaskedInput(
  options: FactoryOpts,
  value: string,
  onAccept: (text: string, mask: InputMask<FactoryOpts>) => void,
) {
  const onAcceptRef = useRef(onAccept);
  onAcceptRef.current = onAccept;
  // Stable, so the mask is not re-bound on every render.
  const handleAccept = useCallback(
    (text: unknown, mask: InputMask<FactoryOpts>) => onAcceptRef.current(String(text), mask),
    [],
  );
  const { ref, maskRef, setValue } = useIMask<HTMLInputElement, FactoryOpts>(options, {
    onAccept: handleAccept,
    defaultValue: value,
  });
  useEffect(() => {
    const mask = maskRef.current;
    if (mask && mask.value !== value) setValue(value);
  }, [value, maskRef, setValue]);
  return ref;
}
