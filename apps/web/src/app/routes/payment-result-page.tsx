import { paymentResultRedirectMs } from '@facelift/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkoutReturnPath, forgetCheckoutReturn, PaymentFulfilment } from '../../features/credits/index.ts';

/**
 * /success and /cancel: say what happened, then go back after 3 seconds: to the project the
 * checkout was started from, else home (docs/decisions/172-payment-returns-to-the-project.md).
 */
export function PaymentResultPage({ outcome }: { outcome: 'success' | 'cancel' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const [returnPath] = useState(checkoutReturnPath);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      forgetCheckoutReturn();
      navigate(returnPath, { replace: true });
    }, paymentResultRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate, returnPath]);
  const isSuccess = outcome === 'success';
  return (
    <section className="ui-card payment-result" aria-live="polite">
      <div
        className={isSuccess ? 'payment-result__icon' : 'payment-result__icon payment-result__icon--muted'}
      >
        <span aria-hidden="true">{isSuccess ? '✓' : '✕'}</span>
      </div>
      <h1>{isSuccess ? t('payment.successTitle') : t('payment.cancelTitle')}</h1>
      <p>{isSuccess ? t('payment.successBody') : t('payment.cancelBody')}</p>
      {isSuccess && sessionId ? <PaymentFulfilment sessionId={sessionId} /> : null}
      <p className="muted">{t('payment.redirecting')}</p>
      <Link to={returnPath} replace className="ui-button ui-button--secondary" onClick={forgetCheckoutReturn}>
        {t('payment.backNow')}
      </Link>
    </section>
  );
}
