import en from '@kadry/shared/i18n/en.json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { ListPager } from './list-pager';

describe('ListPager', () => {
  it('pages, and starts a new page size at page 1', async () => {
    const onPage = vi.fn();
    const onPerPage = vi.fn();
    render(
      <I18nProvider locale="en" catalog={en}>
        <ListPager page={2} lastPage={3} onPage={onPage} perPage={[20, onPerPage]} className="list-footer" />
      </I18nProvider>,
    );
    const size = screen.getByRole('combobox', { name: 'Per page' });
    expect(size).toHaveValue('20');
    expect(size.closest('.list-pager__per-page')?.parentElement).toHaveClass('list-footer');
    await userEvent.click(screen.getByRole('button', { name: en['hr.common.next'] }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.selectOptions(size, '50');
    expect(onPerPage).toHaveBeenCalledWith(50);
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it('offers the page size even when everything fits on one page', () => {
    render(
      <I18nProvider locale="en" catalog={en}>
        <ListPager
          page={1}
          lastPage={1}
          onPage={() => {}}
          perPage={[100, () => {}]}
          className="list-footer"
        />
      </I18nProvider>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('100');
  });
});
