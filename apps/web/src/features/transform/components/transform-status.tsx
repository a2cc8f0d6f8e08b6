import type { Job } from '@facelift/shared';
import { useTranslation } from 'react-i18next';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds.ts';
import { jobMessageText } from '../job-message-text.ts';

/**
 * How long a transformation usually takes with the slower (OpenAI) engine; past it the
 * progress says the service is slow and that a failure gives the credits back
 * (docs/decisions/083-bounded-waits.md).
 */
export const usualTransformationSeconds = 60;

/** While a job runs: what it is doing and for how long (docs/product.md, Jobs). */
export function TransformProgress({ job, title }: { job: Job; title?: string }) {
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
      <p className="transform-progress__title">{title ?? t('transforming')}</p>
      <p className="muted">
        {t(`status.${job.status}`)} · {elapsed}
      </p>
      {seconds >= usualTransformationSeconds ? (
        <p className="transform-progress__slow">{t('slowNotice')}</p>
      ) : null}
    </div>
  );
}

// Codes whose server message is fixed (docs/decisions/113-faults.md): shown in the user's language.
const translatedJobErrors = new Set(['INTERRUPTED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', 'STORAGE_FULL']);

const hintedCodes = [
  'ENGINE_KEY_REJECTED',
  'ENGINE_BUSY',
  'ENGINE_FAILED',
  'CONTENT_REJECTED',
  'AREA_NOT_MARKED',
  'INTERRUPTED',
  'INTERNAL_ERROR',
] as const;
type HintedCode = (typeof hintedCodes)[number];

function isHintedCode(code: string | null | undefined): code is HintedCode {
  return (hintedCodes as readonly string[]).includes(code ?? '');
}

/**
 * The error box (docs/product.md, Messages): titled "Error", the message, and what to try next. The
 * hint comes from the error's code (docs/decisions/082-hints-by-cause.md): key problems ask to
 * check the key, a busy service to try later, moderation to change the prompt or image, an
 * unmarked area to mark it. Codes whose message already says what to do get no hint, and a
 * hint the message already contains is not repeated.
 */
export function TransformError({
  code,
  message,
  note,
}: {
  code?: string | null;
  message: string | null;
  /** A line after the hint (the chat says that nothing was charged). */
  note?: string;
}) {
  const { t } = useTranslation('transform');
  const known = message ? jobMessageText(message, t) : null;
  const shown =
    (code && translatedJobErrors.has(code)
      ? t(`jobErrors.${code as 'INTERRUPTED' | 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE' | 'STORAGE_FULL'}`)
      : (known?.text ?? message)) ?? t('unknownError');
  const hint = isHintedCode(code) && !known?.saysWhatToDo ? t(`errorHints.${code}`) : null;
  return (
    <div className="ui-alert ui-alert--error transform-error" role="alert">
      <p className="transform-error__title">{t('errorTitle')}</p>
      <p>{shown}</p>
      {hint && !shown.includes(hint) ? <p>{hint}</p> : null}
      {note ? <p>{note}</p> : null}
    </div>
  );
}
