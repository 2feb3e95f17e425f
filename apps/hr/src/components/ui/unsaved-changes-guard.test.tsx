import en from '@kadry/shared/i18n/en.json';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { DialogFrame } from './dialog-frame';
import { useDirtyReport, useDiscardConfirmation } from './unsaved-changes-guard';

// A dialog holding a note, as the editors use the discard question: the form reports, the dialog asks.

function NoteForm({ onDirtyChange }: { onDirtyChange: (isDirty: boolean) => void }) {
  const [note, setNote] = useState('');
  useDirtyReport(note !== '', onDirtyChange);
  return (
    <label>
      Note <input value={note} onChange={(event) => setNote(event.target.value)} />
    </label>
  );
}

function NoteDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const discard = useDiscardConfirmation(() => setIsOpen(false));
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Write a note
      </button>
      <DialogFrame open={isOpen} onClose={discard.requestClose} title="Note" hasCloseButton>
        <NoteForm onDirtyChange={discard.onDirtyChange} />
        {discard.confirmation}
      </DialogFrame>
    </>
  );
}

function renderNoteDialog() {
  render(
    <I18nProvider locale="en" catalog={en}>
      <NoteDialog />
    </I18nProvider>,
  );
}

describe('useDiscardConfirmation', () => {
  it('closes a dialog without changes at once', async () => {
    renderNoteDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Write a note' }));
    await screen.findByRole('dialog', { name: 'Note' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before throwing changes away: keeping them, then discarding them', async () => {
    renderNoteDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Write a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Half a thought');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(question).toHaveTextContent('What you changed here is not saved and will be lost.');
    // The safe choice has the focus.
    // (The dialog moves the focus after it opens: waited for, as a loaded machine is slower.)
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');
    // Escape goes to what has the focus: back in the note's dialog once the question has gone.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.keyboard('{Escape}');
    const again = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again, the form starts empty and closes without a question.
    await userEvent.click(screen.getByRole('button', { name: 'Write a note' }));
    const fresh = await screen.findByRole('dialog', { name: 'Note' });
    expect(within(fresh).getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
