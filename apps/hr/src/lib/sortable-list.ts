import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

// What the app's editable lists share (the form builder's fields, a vacancy's stages, a team's
// members): reordering by pointer, keyboard and Alt+arrows, and focus that follows the row.

/** Drag and drop by pointer (from 5 px, so a click on a control in the row stays a click) and by keyboard. */
export function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Alt+↑ / Alt+↓ anywhere in a row moves it one place up or down. */
export function handleMoveKeys(event: KeyboardEvent, move: (direction: 'up' | 'down') => void): void {
  if (!event.altKey) return;
  if (event.key === 'ArrowUp') {
    event.preventDefault();
    move('up');
  } else if (event.key === 'ArrowDown') {
    event.preventDefault();
    move('down');
  }
}

/**
 * Focus for after the next render, to the element a selector finds in the container: after a row is
 * moved, added or removed, what should get focus exists only once the list has rendered again, and
 * keyboard users keep their place.
 */
export function useFocusAfterRender(containerRef: RefObject<HTMLElement | null>): (selector: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const selector = pending.current;
    if (!selector) return;
    pending.current = null;
    containerRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });
  return (selector) => {
    pending.current = selector;
  };
}
