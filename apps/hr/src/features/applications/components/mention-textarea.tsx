import type { Mentionable } from '@kadry/shared/schemas/recruiting-tags';
import { splitMentions } from '@kadry/shared/schemas/recruiting-tags';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useMentionable } from '../api/comments';

/** A colleague picked in the text: written `@Name` while typing, sent as `<@id>`. */
export type PickedMention = { id: number; name: string };

/** The text to send: each picked colleague's `@Name` becomes `<@id>` (longest names first). */
export function toMentionTokens(text: string, picked: readonly PickedMention[]): string {
  let result = text;
  for (const person of [...picked].sort((a, b) => b.name.length - a.name.length)) {
    result = result.split(`@${person.name}`).join(`<@${person.id}>`);
  }
  return result;
}

/** A stored text back into what one edits: `<@id>` as `@Name`, with the mentions picked already. */
export function fromMentionTokens(
  text: string,
  mentions: readonly PickedMention[],
): { text: string; picked: PickedMention[] } {
  const names = new Map(mentions.map((person) => [person.id, person.name]));
  const picked = new Map<number, PickedMention>();
  const plain = splitMentions(text)
    .map((part) => {
      if ('text' in part) return part.text;
      const name = names.get(part.mention);
      if (!name) return `<@${part.mention}>`;
      picked.set(part.mention, { id: part.mention, name });
      return `@${name}`;
    })
    .join('');
  return { text: plain, picked: [...picked.values()] };
}

/** The "@…" being typed just before the caret, or null. */
function findQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s|\(/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  // A space at the end closes the offer (a pick ends with one); typing on opens it again.
  if (query.length > 40 || /[\n@<>]/.test(query) || /\s$/.test(query)) return null;
  return { start: at, query };
}

const OPTIONS_SHOWN = 8;

/**
 * A comment's text box where typing "@" offers the colleagues who may be mentioned (those who see the
 * application; in a private comment only those who read private comments). Arrow keys move, Enter or
 * Tab picks, Escape closes; the count of matches is announced.
 */
export function MentionTextarea({
  id,
  applicationId,
  value,
  onChange,
  onPick,
  isPrivate,
  maxLength,
  describedBy,
  label,
}: {
  id: string;
  applicationId: number;
  value: string;
  onChange: (value: string) => void;
  onPick: (person: PickedMention) => void;
  isPrivate: boolean;
  maxLength: number;
  describedBy?: string | undefined;
  label?: string;
}) {
  const t = useT();
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [trigger, setTrigger] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const mentionable = useMentionable(applicationId, trigger !== null);
  const query = trigger?.query.toLocaleLowerCase() ?? '';
  const options: Mentionable[] = (mentionable.data ?? [])
    .filter(
      (person) => (!isPrivate || person.reads_private) && person.name.toLocaleLowerCase().includes(query),
    )
    .slice(0, OPTIONS_SHOWN);
  const isOpen = trigger !== null && mentionable.isSuccess;

  const update = (text: string, caret: number) => {
    onChange(text);
    const next = findQuery(text, caret);
    setTrigger(next);
    if (next?.query !== trigger?.query) setActive(0);
  };

  const pick = (person: Mentionable) => {
    if (!trigger) return;
    const caret = ref.current?.selectionStart ?? value.length;
    const inserted = `@${person.name} `;
    const text = `${value.slice(0, trigger.start)}${inserted}${value.slice(caret)}`;
    onChange(text.slice(0, maxLength));
    onPick({ id: person.id, name: person.name });
    setTrigger(null);
    const position = trigger.start + inserted.length;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(position, position);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setTrigger(null);
    } else if (options.length === 0) {
      return;
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index - 1 + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const person = options[active] ?? options[0];
      if (person) {
        event.preventDefault();
        pick(person);
      }
    }
  };

  const activeId = isOpen && options[active] ? `${listId}-${options[active].id}` : undefined;
  return (
    <div className="mention-field">
      <textarea
        ref={ref}
        id={id}
        rows={3}
        maxLength={maxLength}
        value={value}
        aria-label={label}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={activeId}
        onChange={(event) => update(event.target.value, event.target.selectionStart)}
        onSelect={(event) => {
          const target = event.currentTarget;
          const next = findQuery(target.value, target.selectionStart);
          if (next?.start !== trigger?.start || next?.query !== trigger?.query) setTrigger(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTrigger(null)}
      />
      {isOpen ? (
        <div className="mention-list" id={listId} role="listbox" aria-label={t('hr.comments.mention_list')}>
          {options.length === 0 ? (
            <div role="option" tabIndex={-1} aria-selected={false} aria-disabled="true">
              {t('hr.comments.mention_none')}
            </div>
          ) : (
            options.map((person, index) => (
              <div
                key={person.id}
                id={`${listId}-${person.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                // Keeps the focus in the text box, so the pick lands where the caret is.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(person);
                }}
              >
                {person.name}
              </div>
            ))
          )}
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {isOpen ? t('hr.comments.mention_options', { count: options.length }) : ''}
      </p>
    </div>
  );
}
