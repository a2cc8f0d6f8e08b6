import type { MeResponse } from '@facelift/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { CurrentProjectProvider } from '../current-project-context.tsx';
import { ProjectPanel } from './project-panel.tsx';

function profile(balance: number): MeResponse {
  return {
    id: 'u1',
    email: 'ada@example.com',
    companyName: null,
    fname: null,
    lname: null,
    isAdmin: false,
    packageTier: 'free',
    lastPurchaseAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    balance,
  };
}

/** The API as seen by the browser: only the profile matters here. */
function serveProfile(me: MeResponse | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/me')) {
        // Signed out is 200 with no user (no console error on every page load).
        return json(200, me);
      }
      if (url.startsWith('/api/config'))
        return json(200, { isGoogleSignInEnabled: false, imageEngine: 'local' });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
}

function renderPanel() {
  render(
    <Providers>
      <MemoryRouter>
        <CurrentProjectProvider>
          <ProjectPanel />
        </CurrentProjectProvider>
      </MemoryRouter>
    </Providers>,
  );
}

describe('ProjectPanel', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the create button disabled until a name is typed', async () => {
    serveProfile(profile(5));
    renderPanel();
    const create = screen.getByRole('button', { name: 'Create project' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Maple' } });
    expect(create.disabled).toBe(false);
  });

  it('asks a signed-out visitor to sign in when typing and when confirming', async () => {
    serveProfile(null);
    renderPanel();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/me', expect.anything()));
    // Wait until the profile query has settled as "signed out".
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'M' } });
    const signIn = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(within(signIn).getByText('You must be logged in to create a project.')).toBeTruthy();
    fireEvent.submit(
      screen.getByRole('button', { name: 'Create project', hidden: true }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(screen.getAllByText('You need to be logged in').length).toBeGreaterThan(0));
  });

  it('says "No credits available" and opens the purchase modal when the balance is zero', async () => {
    serveProfile(profile(0));
    renderPanel();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/me', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Maple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    const purchase = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(within(purchase).getByText('No credits available')).toBeTruthy();
    expect(screen.getByLabelText('Project name')).toBeTruthy();
  });

  it('shows the image picker once a signed-in user with credits confirms the name', async () => {
    serveProfile(profile(5));
    renderPanel();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/me', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Maple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Project: Maple')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select image' })).toBeTruthy();
    expect(screen.getByTestId('image-drop-zone')).toBeTruthy();
  });
});
