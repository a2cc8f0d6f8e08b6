import type { PaidPlanId, PlansResponse } from '@facelift/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useMe, useSignInDialog } from '../../auth/index.ts';
import { usePlans } from '../api/get-plans.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { checkoutErrorMessage } from '../checkout-error-message.ts';
import { rememberCheckoutReturn } from '../checkout-return.ts';
import { formatCredits, formatPrice } from '../format-price.ts';
import '../credits.css';

export interface PurchaseModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  reason?: string;
}

type PlanView = PlansResponse['plans'][number];

/** The plans, the sales gate and the checkout redirect (docs/product.md, Plans and payments). */
export function PurchaseModal({ open, onOpenChange, reason }: PurchaseModalProps) {
  const { t, i18n } = useTranslation('credits');
  const { t: tCommon } = useTranslation();
  const me = useMe();
  const plans = usePlans({ enabled: open });
  const { openSignIn } = useSignInDialog();
  const checkout = useStartCheckout();
  const [redirectingPlan, setRedirectingPlan] = useState<PaidPlanId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const language = i18n.resolvedLanguage ?? 'en';

  useEffect(() => {
    if (open) {
      setError(null);
      setRedirectingPlan(null);
    }
  }, [open]);

  const profile = me.data ?? null;
  const isSignedIn = profile !== null;
  const mayBuy = isSignedIn && (profile.isAdmin || plans.data?.isSalesOpen === true);
  const isRedirecting = redirectingPlan !== null;

  function askToSignIn() {
    onOpenChange(false);
    openSignIn(t('purchase.signInToBuy'));
  }

  async function buy(planId: PaidPlanId) {
    if (!isSignedIn) {
      askToSignIn();
      return;
    }
    setError(null);
    setRedirectingPlan(planId);
    try {
      const { url } = await checkout.mutateAsync({ planId });
      rememberCheckoutReturn(window.location.pathname);
      window.location.assign(url);
    } catch (failure) {
      setRedirectingPlan(null);
      setError(
        checkoutErrorMessage(failure, t('purchase.paymentError'), {
          FORBIDDEN: t('purchase.refusals.FORBIDDEN'),
          RATE_LIMITED: t('purchase.refusals.RATE_LIMITED'),
        }),
      );
    }
  }

  function buyButton(plan: PlanView & { id: PaidPlanId }) {
    if (isSignedIn && !mayBuy) {
      return (
        <Button variant="secondary" disabled>
          {t('purchase.buyAdminOnly')}
        </Button>
      );
    }
    const isThisRedirecting = redirectingPlan === plan.id;
    return (
      <Button
        variant="primary"
        disabled={isRedirecting}
        aria-busy={isThisRedirecting}
        aria-label={
          isThisRedirecting
            ? t('purchase.redirecting')
            : t('purchase.buyPlan', { plan: t(`plans.${plan.id}.name`) })
        }
        onClick={() => buy(plan.id)}
      >
        {isThisRedirecting ? t('purchase.redirecting') : t('purchase.buy')}
      </Button>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        // Leaving while the browser is already on its way to checkout would only confuse.
        if (!isRedirecting) onOpenChange(next);
      }}
      title={t('purchase.title')}
      description={reason}
      closeLabel={tCommon('ui.close')}
      wide
    >
      {!isSignedIn && !me.isPending ? (
        <div className="purchase-sign-in" role="note">
          <p>{t('purchase.signInToBuy')}</p>
          <Button variant="primary" onClick={askToSignIn}>
            {t('purchase.signIn')}
          </Button>
        </div>
      ) : null}
      {isSignedIn && !mayBuy ? <p className="muted">{t('purchase.adminOnlyHint')}</p> : null}
      {plans.isPending ? <p className="muted">{tCommon('ui.loading')}</p> : null}
      {plans.isError ? (
        <p className="ui-alert ui-alert--error" role="alert">
          {t('purchase.plansUnavailable')}
        </p>
      ) : null}
      {plans.data ? (
        <ul className="plan-list" aria-label={t('purchase.plansLabel')}>
          {plans.data.plans.map((plan) => (
            <li key={plan.id} className="plan-card" aria-labelledby={`plan-${plan.id}-name`}>
              <div className="plan-card__header">
                <h3 id={`plan-${plan.id}-name`} className="plan-card__name">
                  {t(`plans.${plan.id}.name`)}
                </h3>
                {plan.isPromotion ? (
                  <span className="plan-card__badge">{t('purchase.promotion')}</span>
                ) : null}
              </div>
              <p className="plan-card__credits">
                {t('purchase.credits', { credits: formatCredits(plan.credits, language) })}
              </p>
              <p className="plan-card__price">
                {plan.id === 'free'
                  ? t('purchase.priceIncluded', {
                      price: formatPrice(plan.priceCents, plan.currency, language),
                    })
                  : formatPrice(plan.priceCents, plan.currency, language)}
              </p>
              <p className="plan-card__description">
                {t(`plans.${plan.id}.description`, { generations: plans.data.freeTier.maxGenerations })}
              </p>
              <p className="plan-card__validity muted">
                {plan.id === 'free'
                  ? t('purchase.noExpiry')
                  : t('purchase.validity', { days: plans.data.creditValidityDays })}
              </p>
              {plan.id === 'free' ? null : buyButton(plan as PlanView & { id: PaidPlanId })}
            </li>
          ))}
        </ul>
      ) : null}
      {plans.data?.provider === 'local' ? <p className="muted plan-note">{t('purchase.testMode')}</p> : null}
      {error ? (
        <p className="ui-alert ui-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
