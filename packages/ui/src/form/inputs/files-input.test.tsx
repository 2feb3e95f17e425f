import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, makeFile } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import { FilesInput } from './files-input';

const portfolio = makeField('files', {
  name: 'Other files',
  type: 'files',
  input_meta: { maxFiles: 3, formats: ['pdf', 'docx', 'png'] },
});
const cv = makeField('files', {
  name: 'CV',
  type: 'cv',
  input_meta: { maxFiles: 1, formats: ['pdf', 'txt'] },
});

function getFileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function choose(files: File[]) {
  fireEvent.change(getFileInput(), { target: { files } });
}

describe('FilesInput', () => {
  it('accepts only the formats of input_meta, several files when maxFiles is above 1', () => {
    renderInput(FilesInput, portfolio, { kind: 'files', files: [] });
    expect(getFileInput()).toHaveAttribute('accept', '.pdf,.docx,.png');
    expect(getFileInput()).toHaveAttribute('multiple');
  });

  it('takes one file when maxFiles is 1, and a new choice replaces it', () => {
    const { getValue } = renderInput(FilesInput, cv, { kind: 'files', files: [] });
    expect(getFileInput()).not.toHaveAttribute('multiple');
    choose([makeFile('old.pdf')]);
    choose([makeFile('new.pdf')]);
    expect(getValue().files.map((entry) => entry.file.name)).toEqual(['new.pdf']);
  });

  it('drops a file with the same name and modified time as one already chosen', () => {
    const { getValue } = renderInput(FilesInput, portfolio, { kind: 'files', files: [] });
    choose([makeFile('a.pdf', 2048, 1), makeFile('b.pdf', 2048, 1)]);
    choose([makeFile('a.pdf', 4096, 1), makeFile('a.pdf', 2048, 2)]);
    expect(getValue().files.map((entry) => [entry.file.name, entry.file.lastModified])).toEqual([
      ['a.pdf', 1],
      ['b.pdf', 1],
      ['a.pdf', 2],
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows under a file why it cannot be sent, tied to the Add file button', () => {
    renderInput(FilesInput, portfolio, { kind: 'files', files: [] });
    choose([makeFile('photo.gif'), makeFile('tiny.pdf', 10)]);
    expect(
      screen.getByText('This file format is not supported. Allowed formats: pdf, docx, png'),
    ).toBeInTheDocument();
    expect(screen.getByText('The file is too small. Minimum size: 1 KB')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add file' });
    expect(add).toHaveAccessibleDescription(
      'This file format is not supported. Allowed formats: pdf, docx, png The file is too small. Minimum size: 1 KB',
    );
  });

  it('removes a file with its button and moves focus back to Add file', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(FilesInput, portfolio, { kind: 'files', files: [] });
    choose([makeFile('a.pdf'), makeFile('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Remove file a.pdf' }));
    expect(getValue().files.map((entry) => entry.file.name)).toEqual(['b.pdf']);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('button', { name: 'Add file' })).toHaveFocus();
  });
});
