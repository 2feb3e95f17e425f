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

/** How long a focus request waits for its element to render (a list updated after a server round trip). */
export const FOCUS_AFTER_RENDER_WAIT_MS = 5_000;

/**
 * Focus for after a render, to the element a selector finds in the container: after a row is moved,
 * added or removed, what should get focus exists only once the list has rendered again — maybe a
 * render or two later, when the new list comes from an optimistic update that lands after an await —
 * and keyboard users keep their place. The request waits for the element through later renders, up
 * to FOCUS_AFTER_RENDER_WAIT_MS; a newer request replaces it.
 */
export function useFocusAfterRender(containerRef: RefObject<HTMLElement | null>): (selector: string) => void {
  const pending = useRef<{ selector: string; until: number } | null>(null);
  useEffect(() => {
    const request = pending.current;
    if (!request) return;
    if (Date.now() > request.until) {
      pending.current = null;
      return;
    }
    const target = containerRef.current?.querySelector<HTMLElement>(request.selector);
    if (!target) return;
    pending.current = null;
    target.focus();
  });
  return (selector) => {
    pending.current = { selector, until: Date.now() + FOCUS_AFTER_RENDER_WAIT_MS };
  };
}
