export type VideoShareOutcome = 'shared' | 'aborted' | 'copied' | 'failed';

/**
 * Shares the video file with the Web Share API where the browser can share files; otherwise
 * (or when sharing fails) copies the message to the clipboard so it can be pasted by hand.
 */
export async function shareVideo(file: File, message: string): Promise<VideoShareOutcome> {
  if (typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], text: message });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'aborted';
    }
  }
  try {
    await navigator.clipboard.writeText(message);
    return 'copied';
  } catch {
    return 'failed';
  }
}
