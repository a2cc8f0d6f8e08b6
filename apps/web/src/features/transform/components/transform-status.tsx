import type { Job } from '@facelift/shared';
import { useTranslation } from 'react-i18next';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds.ts';

/** While a job runs: what it is doing and for how long (PRODUCT §6). */
export function TransformProgress({ job }: { job: Job }) {
  const { t } = useTranslation('transform');
  const seconds = useElapsedSeconds(job.createdAt, true);
  const minutes = Math.floor(seconds / 60);
  const elapsed =
    minutes > 0 ? t('elapsedMinutes', { minutes, seconds: seconds % 60 }) : t('elapsedSeconds', { seconds });
  return (
    <div className="transform-progress" role="status" aria-live="polite">
      <div className="transform-progress__bar" aria-hidden="true">
        <span />
      </div>
      <p className="transform-progress__title">{t('transforming')}</p>
      <p className="muted">
        {t(`status.${job.status}`)} · {elapsed}
      </p>
    </div>
  );
}

const translatedJobErrors = new Set(['INTERRUPTED', 'INTERNAL_ERROR']);

/**
 * The error box of SPEC §8: titled "Error", the message, and what to try. Errors with a fixed
 * text are translated by code; the others show the server's (English) explanation.
 */
export function TransformError({ code, message }: { code?: string | null; message: string | null }) {
  const { t } = useTranslation('transform');
  const shown =
    code && translatedJobErrors.has(code)
      ? t(`jobErrors.${code as 'INTERRUPTED' | 'INTERNAL_ERROR'}`)
      : message;
  return (
    <div className="ui-alert ui-alert--error transform-error" role="alert">
      <p className="transform-error__title">{t('errorTitle')}</p>
      <p>{shown ?? t('unknownError')}</p>
      <p>{t('errorHint')}</p>
    </div>
  );
}
