import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFulfilCheckout } from '../api/fulfil-checkout.ts';
import { formatCredits } from '../format-price.ts';

/**
 * On /success: asks the server to grant the session's credits (idempotent, so a lost
 * webhook loses nothing) and says what happened; the header balance refreshes by itself.
 */
export function PaymentFulfilment({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation('credits');
  const fulfil = useFulfilCheckout();
  const askedFor = useRef<string | null>(null);
  const { mutate } = fulfil;

  useEffect(() => {
    if (askedFor.current === sessionId) return;
    askedFor.current = sessionId;
    mutate(sessionId);
  }, [sessionId, mutate]);

  if (fulfil.isError) return <p className="ui-alert ui-alert--error">{t('fulfil.failed')}</p>;
  if (!fulfil.data) return null;
  if (fulfil.data.status === 'unpaid') return <p className="muted">{t('fulfil.pending')}</p>;
  const credits = formatCredits(fulfil.data.credits, i18n.resolvedLanguage ?? 'en');
  return <p className="ui-alert ui-alert--success">{t('fulfil.granted', { credits })}</p>;
}
