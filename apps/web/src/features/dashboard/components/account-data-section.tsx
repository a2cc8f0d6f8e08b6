import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

function deleteAccount(password: string): Promise<void> {
  return apiRequest<void>('/api/account/delete', {
    method: 'POST',
    json: password ? { password } : {},
  });
}

/** Why the server refused, as the user should read it. */
function refusalKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'dashboard.account.failed' as const;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  if (reason === 'WRONG_PASSWORD') return 'dashboard.account.wrongPassword' as const;
  if (reason === 'SIGN_IN_AGAIN') return 'dashboard.account.signInAgain' as const;
  if (error.code === 'RATE_LIMITED') return 'dashboard.account.tooMany' as const;
  return 'dashboard.account.failed' as const;
}

/**
 * Your data (docs/decisions/026-account-deletion-and-export.md): download everything as a zip,
 * or delete the account after confirming with the password (or a fresh Google sign-in).
 */
export function AccountDataSection({ onDeleted }: { onDeleted(): void }) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [isConfirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      setConfirming(false);
      onDeleted();
      showToast({ description: t('dashboard.account.deleted'), tone: 'success' });
      // Every cached answer belonged to the deleted account.
      await queryClient.resetQueries();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate(password);
  }

  return (
    <section aria-labelledby="dashboard-data-title" className="dashboard__section">
      <h3 id="dashboard-data-title">{t('dashboard.account.title')}</h3>
      <p className="muted">{t('dashboard.account.downloadHint')}</p>
      <div className="dashboard__data-actions">
        <a className="ui-button ui-button--secondary" href="/api/account/export" download>
          {t('dashboard.account.download')}
        </a>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('dashboard.account.delete')}
        </Button>
      </div>
      <Modal
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) {
            setPassword('');
            remove.reset();
          }
        }}
        title={t('dashboard.account.confirmTitle')}
        description={t('dashboard.account.confirmText')}
        closeLabel={t('dashboard.cancel')}
      >
        <form className="dashboard__delete-form" onSubmit={submit}>
          <TextField
            type="password"
            autoComplete="current-password"
            label={t('dashboard.account.password')}
            hint={t('dashboard.account.passwordHint')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={remove.isError ? t(refusalKey(remove.error)) : undefined}
          />
          <div className="dashboard__confirm-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('dashboard.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {t('dashboard.account.confirm')}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
