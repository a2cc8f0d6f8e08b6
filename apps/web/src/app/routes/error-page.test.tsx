import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WithI18n } from '../../test/with-i18n.tsx';
import { RouteErrorBoundary } from '../router.tsx';

function Explodes(): never {
  throw new Error('render failed on purpose');
}

describe('ErrorPage', () => {
  it('replaces a route that throws with "Unexpected Application Error!" and the reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <WithI18n>
        <MemoryRouter>
          <RouteErrorBoundary location={{ pathname: '/', search: '', hash: '', state: null, key: 'default' }}>
            <Explodes />
          </RouteErrorBoundary>
        </MemoryRouter>
      </WithI18n>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('render failed on purpose')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('/');
  });
});
