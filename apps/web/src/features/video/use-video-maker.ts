import { useCallback, useEffect, useRef, useState } from 'react';
import { type MadeVideo, makeVideo, type SceneTexts, VideoError } from './make-video.ts';
import { presetFor, type VideoChoice, videoFileName } from './video-settings.ts';

/** The video states (docs/product.md, Videos): idle → generating (progress) → ready, or failed. */
export type VideoMakerState =
  | { status: 'idle'; wasCancelled: boolean }
  | { status: 'generating'; percent: number }
  | { status: 'ready'; video: MadeVideo; url: string; fileName: string; choice: VideoChoice }
  | { status: 'failed'; reason: 'image' | 'generate' };

export interface VideoMakerInput {
  beforeUrl: string;
  afterUrl: string;
  resultId: string;
}

export function useVideoMaker({ beforeUrl, afterUrl, resultId }: VideoMakerInput) {
  const [state, setState] = useState<VideoMakerState>({ status: 'idle', wasCancelled: false });
  const abortRef = useRef<AbortController | null>(null);
  const urlRef = useRef<string | null>(null);

  const releaseUrl = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  useEffect(
    () => () => {
      // Closing the creator stops any encoding and frees the preview's memory.
      abortRef.current?.abort();
      releaseUrl();
    },
    [releaseUrl],
  );

  const generate = useCallback(
    async (choice: VideoChoice, texts: SceneTexts) => {
      abortRef.current?.abort();
      releaseUrl();
      const controller = new AbortController();
      abortRef.current = controller;
      setState({ status: 'generating', percent: 0 });
      try {
        const video = await makeVideo({
          beforeUrl,
          afterUrl,
          choice,
          preset: presetFor(choice),
          texts,
          signal: controller.signal,
          onProgress: (fraction) => {
            if (!controller.signal.aborted) {
              setState({ status: 'generating', percent: Math.min(100, Math.round(fraction * 100)) });
            }
          },
        });
        if (controller.signal.aborted) return;
        const url = URL.createObjectURL(video.blob);
        urlRef.current = url;
        const fileName = videoFileName(choice, resultId, video.format.extension);
        setState({ status: 'ready', video, url, fileName, choice });
      } catch (error) {
        if (controller.signal.aborted) {
          setState({ status: 'idle', wasCancelled: true });
          return;
        }
        console.error('Video generation failed', error);
        setState({
          status: 'failed',
          reason: error instanceof VideoError && error.reason === 'image' ? 'image' : 'generate',
        });
      }
    },
    [beforeUrl, afterUrl, resultId, releaseUrl],
  );

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  /** Back to idle when the settings change: a ready video no longer matches them. */
  const reset = useCallback(() => {
    abortRef.current?.abort();
    releaseUrl();
    setState({ status: 'idle', wasCancelled: false });
  }, [releaseUrl]);

  return { state, generate, cancel, reset };
}
