/**
 * Where the payment result pages take the user back to: the project they had open when they
 * started the checkout, not an empty home page (docs/decisions/172-payment-returns-to-the-project.md).
 * Kept in this tab's session storage, which survives the trip to the checkout and back.
 */
const storageKey = 'facelift.checkoutReturn';

/** Only a project's own path is kept: nothing else can be planted to redirect to. */
const projectPath = /^\/projects\/[A-Za-z0-9-]+$/;

export function rememberCheckoutReturn(path: string): void {
  try {
    if (projectPath.test(path)) sessionStorage.setItem(storageKey, path);
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, quota): the result page goes home, as before.
  }
}

/** The path to go back to after /success or /cancel: the remembered project, else home. */
export function checkoutReturnPath(): string {
  try {
    const path = sessionStorage.getItem(storageKey);
    return path && projectPath.test(path) ? path : '/';
  } catch {
    return '/';
  }
}

/** Once used: a later visit to /success (a bookmark, the back button) goes home. */
export function forgetCheckoutReturn(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing to forget
  }
}
