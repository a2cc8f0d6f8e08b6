/** The credits feature's public surface (plans, purchase, credit checks): others import from here only. */
export { plansQueryKey, plansQueryOptions, usePlans } from './api/get-plans.ts';
export { checkoutReturnPath, forgetCheckoutReturn } from './checkout-return.ts';
export { PaymentFulfilment } from './components/payment-fulfilment.tsx';
export { TestCheckoutPage } from './components/test-checkout-page.tsx';
export { creditRefusalMessage } from './credit-refusal.ts';
export { PurchaseDialogProvider, usePurchaseDialog } from './purchase-dialog-context.tsx';
export { type CreditBlocker, useRequireCredits } from './use-require-credits.ts';
