import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, type Location, Route, Routes, useLocation } from 'react-router';
import { MainLayout } from './layout/main-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { GoogleSignInDonePage, GoogleSignInStartPage } from './routes/google-sign-in-page.tsx';
import { HomePage } from './routes/home-page.tsx';

// React Router's declarative mode: the app loads no data through the router, and its data
// APIs (createBrowserRouter, loaders, actions) would add 16 KB gzip to the app shell
// (docs/decisions/108-app-shell-split.md). The payment and test checkout pages load on demand.
// The Google popup's pages stay in the shell: the opener sees the popup as closed once it is
// back on our origin, and gives its message only a short grace period to arrive.
const PaymentResultPage = lazy(() =>
  import('./routes/payment-result-page.tsx').then((module) => ({ default: module.PaymentResultPage })),
);
const TestCheckoutPage = lazy(() =>
  import('../features/credits/index.ts').then((module) => ({ default: module.TestCheckoutPage })),
);

export function AppRoutes() {
  return (
    <RouteErrorBoundary location={useLocation()}>
      <Suspense fallback={null}>
        <Routes>
          {/* The Google sign-in popup's own pages: no header, they close themselves. */}
          <Route path="/auth/google" element={<GoogleSignInStartPage />} />
          <Route path="/auth/google/done" element={<GoogleSignInDonePage />} />
          <Route element={<MainLayout />}>
            <Route path="/success" element={<PaymentResultPage outcome="success" />} />
            <Route path="/cancel" element={<PaymentResultPage outcome="cancel" />} />
            {/* The offline test checkout, when no payment provider is configured. */}
            <Route path="/checkout/test/:sessionId" element={<TestCheckoutPage />} />
            {/* A project's deep link (docs/product.md, Studio and preview): opens that project. */}
            <Route path="/projects/:projectId" element={<HomePage />} />
            {/* Any other path shows the main app. */}
            <Route path="*" element={<HomePage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

interface RouteErrorBoundaryState {
  error: unknown;
  location: Location;
}

/**
 * What the data router's `errorElement` did: a page that throws while rendering is replaced by
 * the error page, and going to another address tries again.
 */
export class RouteErrorBoundary extends Component<
  { location: Location; children: ReactNode },
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
