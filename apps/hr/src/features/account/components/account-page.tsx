import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { useAccount } from '../api/get-account';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** My account: one's own name, language and time zone, and password. Open to everyone signed in. */
export function AccountPage() {
  const t = useT();
  const account = useAccount();
  return (
    <section>
      <PageHeading>{t('hr.account.title')}</PageHeading>
      <QueryState
        isPending={account.isPending}
        isError={account.isError}
        error={account.error}
        onRetry={() => account.refetch()}
      >
        {account.data ? (
          <div className="account-sections">
            <ProfileForm account={account.data} />
            <PasswordForm />
          </div>
        ) : null}
      </QueryState>
    </section>
  );
}
