import { fetchMe } from './api/get-me.ts';

/** Messages between the Google sign-in popup and the window that opened it. */
export const googleSignInChannel = 'facelift-google-sign-in';

export interface GoogleSignInMessage {
  type: typeof googleSignInChannel;
  isSignedIn: boolean;
  error?: string;
}

export function isGoogleSignInMessage(value: unknown): value is GoogleSignInMessage {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === googleSignInChannel
  );
}

/**
 * Opens the Google sign-in popup (synchronously, inside the click, so it is not blocked)
 * and resolves when it reports back. The session cookie is set in the popup on our own
 * origin, so no token passes through JavaScript. The popup reports over postMessage and a
 * BroadcastChannel, since a cross-origin hop can sever `window.opener`.
 */
export function signInWithGooglePopup(): Promise<GoogleSignInMessage> {
  const popup = window.open('/auth/google', googleSignInChannel, 'popup,width=480,height=680');
  if (!popup)
    return Promise.resolve({ type: googleSignInChannel, isSignedIn: false, error: 'popup-blocked' });
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(googleSignInChannel);
    let settled = false;
    const finish = (message: GoogleSignInMessage) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onWindowMessage);
      channel.close();
      window.clearInterval(closedWatcher);
      resolve(message);
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isGoogleSignInMessage(event.data)) finish(event.data);
    };
    window.addEventListener('message', onWindowMessage);
    channel.onmessage = (event) => {
      if (isGoogleSignInMessage(event.data)) finish(event.data);
    };
    // Closing the popup by hand cancels. The popup also closes itself right after reporting,
    // and on a busy machine its message can arrive later than the close is seen: after a
    // grace period the session itself decides (the cookie was set in the popup).
    const closedWatcher = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(closedWatcher);
      window.setTimeout(() => {
        if (settled) return;
        fetchMe().then(
          (me) =>
            finish(
              me
                ? { type: googleSignInChannel, isSignedIn: true }
                : { type: googleSignInChannel, isSignedIn: false, error: 'popup-closed' },
            ),
          () => finish({ type: googleSignInChannel, isSignedIn: false, error: 'popup-closed' }),
        );
      }, 500);
    }, 400);
  });
}

/** Called by the popup page once the provider sent it back to us. */
export function reportGoogleSignIn(message: GoogleSignInMessage): void {
  window.opener?.postMessage(message, window.location.origin);
  const channel = new BroadcastChannel(googleSignInChannel);
  channel.postMessage(message);
  channel.close();
}
