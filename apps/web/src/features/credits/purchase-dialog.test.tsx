import type { MeResponse, PlansResponse } from '@facelift/shared';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { meQueryKey, publicConfigQueryOptions, SignInDialogProvider } from '../auth/index.ts';
import { plansQueryKey } from './api/get-plans.ts';
import { PurchaseDialogProvider, usePurchaseDialog } from './purchase-dialog-context.tsx';

const plans: PlansResponse = {
  plans: [
    { id: 'free', credits: 5, priceCents: 0, currency: 'usd', isPromotion: false },
    { id: 'starter', credits: 10, priceCents: 500, currency: 'usd', isPromotion: true },
    { id: 'pro', credits: 20, priceCents: 1000, currency: 'usd', isPromotion: true },
    { id: 'power', credits: 50, priceCents: 2000, currency: 'usd', isPromotion: true },
  ],
  isSalesOpen: false,
  provider: 'local',
  creditValidityDays: 30,
  costs: { standard: 1, inpainting: 1, chatImage: 1.5, chatText: 0 },
  freeTier: { maxGenerations: 2 },
};

function profile(isAdmin: boolean): MeResponse {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    companyName: null,
    fname: null,
    lname: null,
    isAdmin,
    packageTier: 'free',
    lastPurchaseAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    balance: 0,
  };
}

/** A feature elsewhere whose request the server refuses with NO_CREDITS. */
function TransformButton({ message, details }: { message: string; details?: unknown }) {
  const transform = useMutation({
    mutationFn: async () => {
      throw new ApiError('NO_CREDITS', message, 402, details);
    },
  });
  return (
    <button type="button" onClick={() => transform.mutate()}>
      Transform
    </button>
  );
}

function OpenButton() {
  const { openPurchase } = usePurchaseDialog();
  return (
    <button type="button" onClick={() => openPurchase()}>
      Open purchase
    </button>
  );
}

/** The real providers over a cache seeded with what the server would answer (no network). */
function renderWithProviders(me: MeResponse | null, children: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(meQueryKey, me);
  queryClient.setQueryData(plansQueryKey, plans);
  queryClient.setQueryData(publicConfigQueryOptions.queryKey, {
    isGoogleSignInEnabled: false,
    imageEngine: 'local',
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider dismissLabel="Dismiss">
          <SignInDialogProvider>
            <PurchaseDialogProvider>{children}</PurchaseDialogProvider>
          </SignInDialogProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('purchase dialog', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('opens by itself with "No credits available" when any request is refused with NO_CREDITS', async () => {
    renderWithProviders(profile(false), <TransformButton message="No credits available" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transform' })));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(within(dialog).getByText('No credits available')).toBeTruthy();
  });

  it("words the free plan's limit from the refusal's details, in the reader's language", async () => {
    const message = 'The free plan includes 2 generations. Buy credits to continue.';
    renderWithProviders(profile(false), <TransformButton message={message} details={{ freeTierLimit: 2 }} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transform' })));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('es');
    try {
      renderWithProviders(
        profile(false),
        <TransformButton message={message} details={{ freeTierLimit: 3 }} />,
      );
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transform' })));
      const spanish = await screen.findByRole('dialog');
      expect(
        within(spanish).getByText('El plan gratuito incluye 3 generaciones. Compra créditos para continuar.'),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('goes by the code, not the English text: any NO_CREDITS without a limit is "No credits available"', async () => {
    renderWithProviders(profile(false), <TransformButton message="Balance 0.5, 1 required" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transform' })));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(within(dialog).getByText('No credits available')).toBeTruthy();
    expect(within(dialog).queryByText('Balance 0.5, 1 required')).toBeNull();
  });

  it('gives non-admins three disabled "Buy (admin only)" buttons while sales are closed', async () => {
    renderWithProviders(profile(false), <OpenButton />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open purchase' })));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    const buttons = within(dialog).getAllByRole('button', { name: 'Buy (admin only)' });
    expect(buttons).toHaveLength(3);
    expect(buttons.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(within(dialog).getAllByText('Launch promotion')).toHaveLength(3);
    expect(within(dialog).getByText('$0 (included)')).toBeTruthy();
  });

  it('gives admins an active Buy per paid plan', async () => {
    renderWithProviders(profile(true), <OpenButton />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open purchase' })));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    for (const plan of ['Starter', 'Pro', 'Power']) {
      const button = within(dialog).getByRole('button', { name: `Buy ${plan}` }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
    }
    expect(within(dialog).queryByText('Buy (admin only)')).toBeNull();
  });

  it('asks a signed-out visitor to sign in, and Buy opens the sign-in modal', async () => {
    renderWithProviders(null, <OpenButton />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open purchase' })));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(within(dialog).getByText('Sign in to buy credits.')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Buy Starter' })));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(within(signIn).getByText('Sign in to buy credits.')).toBeTruthy();
  });
});
