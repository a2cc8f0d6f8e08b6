import { paymentResultRedirectMs } from '@facelift/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PaymentFulfilment } from '../../features/credits/index.ts';

/** /success and /cancel: say what happened, then go back home after 3 seconds. */
export function PaymentResultPage({ outcome }: { outcome: 'success' | 'cancel' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), paymentResultRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);
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
      <Link to="/" replace className="ui-button ui-button--secondary">
        {t('payment.backNow')}
      </Link>
    </section>
  );
}
