import { mapPoint, type Point, type Rectangle, type Size } from '@facelift/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { analysisPixelBudget, fitPixelBudget, readImagePixels } from '../mask-image-io.ts';
import {
  createSmartSelector,
  type SmartSelectAnswer,
  type SmartSelector,
  type SmartSelectQuery,
} from '../smart-select-client.ts';

export type SmartSelectStatus = 'idle' | 'preparing' | 'ready' | 'selecting' | 'unavailable';

export interface SmartSelectOptions {
  imageUrl: string;
  photoRef: RefObject<HTMLImageElement | null>;
  /** The photo's natural size; the analysis waits for it. */
  naturalSize: Size | null;
  /** The analysis starts the first time this is true (the tool was chosen), not before. */
  isWanted: boolean;
}

export interface SmartSelect {
  status: SmartSelectStatus;
  /** How far the analysis is, 0…1, while `status` is 'preparing'. */
  progress: number;
  /**
   * What a click at `point` (measured in pixels of a picture of `size`) changes on the layer,
   * as bitmasks at the analysis size. Asked while the analysis prepares, it answers once that is
   * ready (decision 315); null when the analysis failed or a newer click replaced this one.
   */
  selectAt(point: Point, size: Size, query: SmartSelectQuery): Promise<SmartSelectAnswer | null>;
  /** Every repeat on the facade of the opening clicked last ("Select all similar"). */
  selectAllSimilar(query: SmartSelectQuery): Promise<SmartSelectAnswer | null>;
}

/**
 * Smart select for one photo: analyses it (in a worker) the first time the tool is wanted and
 * answers clicks. It knows nothing of layers: the editor applies what it returns, so a new
 * selection algorithm or kind of selection plugs in here without touching painting or gestures.
 */
export function useSmartSelect({
  imageUrl,
  photoRef,
  naturalSize,
  isWanted,
}: SmartSelectOptions): SmartSelect {
  const [status, setStatus] = useState<SmartSelectStatus>('idle');
  const [progress, setProgress] = useState(0);
  const selectorRef = useRef<SmartSelector | null>(null);
  const analysisSizeRef = useRef<Size | null>(null);
  const pendingRef = useRef<PendingQuestion | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo (imageUrl) needs a new analysis.
  useEffect(() => {
    setStatus('idle');
    return () => {
      settle(pendingRef, null);
      selectorRef.current?.dispose();
      selectorRef.current = null;
      analysisSizeRef.current = null;
    };
  }, [imageUrl]);

  useEffect(() => {
    if (!isWanted || status !== 'idle' || !naturalSize || !photoRef.current) return;
    const size = fitPixelBudget(naturalSize, analysisPixelBudget);
    const pixels = readImagePixels(photoRef.current, size);
    if (!pixels) {
      setStatus('unavailable');
      return;
    }
    const selector = createSmartSelector();
    selectorRef.current = selector;
    analysisSizeRef.current = size;
    setStatus('preparing');
    setProgress(0);
    selector
      .prepare(pixels, (done) => selectorRef.current === selector && setProgress(done))
      .then(
        () => selectorRef.current === selector && setStatus('ready'),
        () => selectorRef.current === selector && setStatus('unavailable'),
      );
  }, [isWanted, status, naturalSize, photoRef]);

  const ask = useCallback(
    async (question: Question): Promise<SmartSelectAnswer | null> => {
      // A click while the photo is being analysed is kept, the last one only, and made as soon
      // as the analysis is ready: a click in the first second is not lost
      // (docs/decisions/315-smart-select-click-kept-while-preparing.md).
      if (status === 'preparing') {
        settle(pendingRef, null);
        return new Promise((resolve) => {
          pendingRef.current = { question, resolve };
        });
      }
      const selector = selectorRef.current;
      const analysis = analysisSizeRef.current;
      if (!selector || !analysis || (status !== 'ready' && status !== 'selecting')) return null;
      setStatus('selecting');
      try {
        const answer = await question(selector, analysis);
        setStatus('ready');
        return answer;
      } catch {
        setStatus('unavailable');
        return null;
      }
    },
    [status],
  );
  // Another tool chosen: the kept click is dropped, not made in the middle of a brush stroke.
  useEffect(() => {
    if (!isWanted) settle(pendingRef, null);
  }, [isWanted]);
  useEffect(() => {
    const pending = pendingRef.current;
    if (!pending || status === 'preparing') return;
    pendingRef.current = null;
    if (status === 'ready') void ask(pending.question).then(pending.resolve);
    else pending.resolve(null);
  }, [status, ask]);
  const selectAt = useCallback(
    (point: Point, size: Size, query: SmartSelectQuery) =>
      ask(async (selector, analysis) => {
        // A surface click's memory of cuts goes to the analysed photo's pixels and back.
        const cuts = query.surfaceCuts?.map((cut) => mapRectangle(cut, size, analysis));
        const answer = await selector.select(
          mapPoint(point, size, analysis),
          cuts ? { ...query, surfaceCuts: cuts } : query,
        );
        if (!answer?.surfaceCuts) return answer;
        return { ...answer, surfaceCuts: answer.surfaceCuts.map((cut) => mapRectangle(cut, analysis, size)) };
      }),
    [ask],
  );
  const selectAllSimilar = useCallback(
    (query: SmartSelectQuery) => ask((selector) => selector.selectAllSimilar(query)),
    [ask],
  );

  return { status, progress, selectAt, selectAllSimilar };
}

type Question = (selector: SmartSelector, analysis: Size) => Promise<SmartSelectAnswer | null>;

interface PendingQuestion {
  question: Question;
  resolve(answer: SmartSelectAnswer | null): void;
}

/** Answers the kept click, if any, with `answer` and forgets it. */
function settle(pending: RefObject<PendingQuestion | null>, answer: SmartSelectAnswer | null): void {
  pending.current?.resolve(answer);
  pending.current = null;
}

/** The pixels of `from`'s rectangle `cut` on a photo of size `to` (sides included). */
export function mapRectangle(cut: Rectangle, from: Size, to: Size): Rectangle {
  const across = to.width / from.width;
  const down = to.height / from.height;
  return {
    left: Math.floor(cut.left * across),
    top: Math.floor(cut.top * down),
    right: Math.max(Math.floor(cut.left * across), Math.ceil((cut.right + 1) * across) - 1),
    bottom: Math.max(Math.floor(cut.top * down), Math.ceil((cut.bottom + 1) * down) - 1),
  };
}
