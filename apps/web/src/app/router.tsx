import { createBrowserRouter, type RouteObject } from 'react-router';
import { TestCheckoutPage } from '../features/credits/index.ts';
import { MainLayout } from './layout/main-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { GoogleSignInDonePage, GoogleSignInStartPage } from './routes/google-sign-in-page.tsx';
import { HomePage } from './routes/home-page.tsx';
import { PaymentResultPage } from './routes/payment-result-page.tsx';

export const routes: RouteObject[] = [
  // The Google sign-in popup's own pages: no header, they close themselves.
  { path: '/auth/google', element: <GoogleSignInStartPage />, errorElement: <ErrorPage /> },
  { path: '/auth/google/done', element: <GoogleSignInDonePage />, errorElement: <ErrorPage /> },
  {
    element: <MainLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/success', element: <PaymentResultPage outcome="success" /> },
      { path: '/cancel', element: <PaymentResultPage outcome="cancel" /> },
      // The offline test checkout, when no payment provider is configured.
      { path: '/checkout/test/:sessionId', element: <TestCheckoutPage /> },
      // A project's deep link (docs/product.md, Studio and preview): opens that project.
      { path: '/projects/:projectId', element: <HomePage /> },
      // Any other path shows the main app (deep links like /projects/:id included).
      { path: '*', element: <HomePage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
