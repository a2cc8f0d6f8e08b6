import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe, useSignInDialog } from '../../auth/index.ts';
import { useTestCheckoutAction, useTestCheckoutSession } from '../api/test-checkout.ts';
import { checkoutErrorMessage } from '../checkout-error-message.ts';
import { formatCredits, formatPrice } from '../format-price.ts';
import '../credits.css';

/**
 * The offline test checkout (docs/product.md, Plans and payments): stands in for the payment provider's hosted page
 * when Stripe is not configured. Pay and Cancel go through the same fulfilment as a real
 * payment and land on /success or /cancel.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const { t, i18n } = useTranslation('credits');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const { openSignIn } = useSignInDialog();
  const isSignedIn = Boolean(me.data);
  const session = useTestCheckoutSession(sessionId);
  const action = useTestCheckoutAction(sessionId);
  const [error, setError] = useState<string | null>(null);
  const language = i18n.resolvedLanguage ?? 'en';

  async function run(kind: 'pay' | 'cancel') {
    setError(null);
    try {
      const { redirectTo } = await action.mutateAsync(kind);
      navigate(redirectTo, { replace: true });
    } catch (failure) {
      setError(checkoutErrorMessage(failure, t('purchase.paymentError')));
    }
  }

  let body: ReactNode;
  if (me.isPending || (isSignedIn && session.isPending)) {
    body = <p className="muted">{tCommon('ui.loading')}</p>;
  } else if (!isSignedIn) {
    body = (
      <>
        <p>{t('testCheckout.signInRequired')}</p>
        <div className="test-checkout__actions">
          <Button variant="primary" onClick={() => openSignIn(t('testCheckout.signInRequired'))}>
            {t('purchase.signIn')}
          </Button>
        </div>
      </>
    );
  } else if (session.isError || !session.data) {
    const isMissing = session.error instanceof ApiError && session.error.status === 404;
    body = (
      <p className="ui-alert ui-alert--error" role="alert">
        {isMissing ? t('testCheckout.notFound') : t('purchase.paymentError')}
      </p>
    );
  } else {
    const checkout = session.data;
    const price = formatPrice(checkout.priceCents, checkout.currency, language);
    const isBusy = action.isPending;
    body = (
      <>
        <dl className="test-checkout__summary">
          <dt>{t('testCheckout.plan')}</dt>
          <dd>{t(`plans.${checkout.planId}.name`)}</dd>
          <dt>{t('testCheckout.credits')}</dt>
          <dd>{formatCredits(checkout.credits, language)}</dd>
          <dt>{t('testCheckout.price')}</dt>
          <dd>{price}</dd>
        </dl>
        {checkout.status === 'paid' ? (
          <p className="ui-alert ui-alert--success">{t('testCheckout.alreadyPaid')}</p>
        ) : null}
        {checkout.status === 'cancelled' ? (
          <p className="muted">{t('testCheckout.alreadyCancelled')}</p>
        ) : null}
        {checkout.status === 'open' ? (
          <div className="test-checkout__actions">
            <Button variant="secondary" onClick={() => run('cancel')} disabled={isBusy}>
              {t('testCheckout.cancel')}
            </Button>
            <Button variant="primary" onClick={() => run('pay')} disabled={isBusy} aria-busy={isBusy}>
              {isBusy ? t('testCheckout.paying') : t('testCheckout.pay', { price })}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="ui-card test-checkout" aria-labelledby="test-checkout-title">
      <h1 id="test-checkout-title">{t('testCheckout.pageTitle')}</h1>
      <p className="test-checkout__banner" role="note">
        {t('testCheckout.banner')}
      </p>
      <p className="muted">{t('testCheckout.explanation')}</p>
      {body}
      {error ? (
        <p className="ui-alert ui-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
