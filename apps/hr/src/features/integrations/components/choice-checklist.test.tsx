import en from '@kadry/shared/i18n/en.json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { ChoiceChecklist } from './choice-checklist';
import { SecretCreated } from './secret-reveal';

const FRUITS = ['apple', 'pear', 'plum'] as const;
type Fruit = (typeof FRUITS)[number];

function Fruits({ error }: { error?: string }) {
  const [chosen, setChosen] = useState<Fruit[]>(['pear']);
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <ChoiceChecklist
        legend="Fruits"
        options={FRUITS}
        selected={chosen}
        onChange={setChosen}
        optionLabel={(fruit) => <strong>{fruit.toUpperCase()}</strong>}
        error={error}
        firstRef={firstRef}
      />
      <button type="button" onClick={() => firstRef.current?.focus()}>
        Focus the first
      </button>
      <output data-testid="chosen">{chosen.join(',')}</output>
    </>
  );
}

describe('the choice checklist', () => {
  it('adds and removes choices in the order they are ticked, and gives the first box to the form', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    const group = screen.getByRole('group', { name: /Fruits/ });
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('checkbox', { name: 'PEAR' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'PLUM' }));
    await user.click(screen.getByRole('checkbox', { name: 'APPLE' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('pear,plum,apple');
    await user.click(screen.getByRole('checkbox', { name: 'PEAR' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('plum,apple');
    await user.click(screen.getByRole('button', { name: 'Focus the first' }));
    expect(screen.getByRole('checkbox', { name: 'APPLE' })).toHaveFocus();
  });

  it('ties its error to the group', () => {
    render(<Fruits error="Choose at least one." />);
    const group = screen.getByRole('group', { name: /Fruits/ });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-describedby', screen.getByText('Choose at least one.').id);
  });
});

describe('a created secret', () => {
  it('shows the secret once with how to use it, and is done on Done', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(
      <I18nProvider locale="en" catalog={en}>
        <SecretCreated
          text="Token created."
          label="Your token"
          secret="kdr_secret"
          usage="Send it as a bearer token."
          onDone={onDone}
        />
      </I18nProvider>,
    );
    expect(screen.getByText('Token created.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your token' })).toHaveValue('kdr_secret');
    expect(screen.getByText('Send it as a bearer token.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
