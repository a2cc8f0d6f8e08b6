export type ShareOutcome = 'shared' | 'aborted' | 'copied' | 'unsupported' | 'failed';

/**
 * Shares the result image with the Web Share API (with the file where the browser can share
 * files); where there is no Web Share, copies a message with the site's address instead.
 */
export async function shareResult(imageUrl: string, text: string): Promise<ShareOutcome> {
  const message = `${text} ${window.location.origin}`;
  if (typeof navigator.share !== 'function') {
    try {
      await navigator.clipboard.writeText(message);
      return 'copied';
    } catch {
      return 'unsupported';
    }
  }
  try {
    const blob = await (await fetch(imageUrl, { credentials: 'same-origin' })).blob();
    const file = new File([blob], 'facelift.png', { type: blob.type || 'image/png' });
    const data: ShareData = navigator.canShare?.({ files: [file] })
      ? { files: [file], text }
      : { text: message };
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'aborted' : 'failed';
  }
}
