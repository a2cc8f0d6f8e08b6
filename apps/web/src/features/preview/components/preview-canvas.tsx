import type { RgbBytes } from '@facelift/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewRequest, PreviewResponse } from '../preview-protocol.ts';
import '../preview.css';

export interface PreviewCanvasProps {
  imageUrl: string;
  naturalWidth: number;
  naturalHeight: number;
  /** The colours to show, one per element with a marked region; none shows the photo itself. */
  paints: { regionUrl: string; rgb: RgbBytes }[];
}

/** The preview's pixel budget: at most the displayed size, and never above 1.5 MP. */
const maxPreviewPixels = 1_500_000;

function previewSize(element: HTMLElement, naturalWidth: number, naturalHeight: number) {
  const box = element.getBoundingClientRect();
  const scale = Math.min(
    1,
    (box.width * window.devicePixelRatio) / naturalWidth,
    (box.height * window.devicePixelRatio) / naturalHeight,
    Math.sqrt(maxPreviewPixels / (naturalWidth * naturalHeight)),
  );
  return {
    width: Math.max(1, Math.round(naturalWidth * scale)),
    height: Math.max(1, Math.round(naturalHeight * scale)),
  };
}

/**
 * The instant, free preview over the stage's photo (docs/product.md, Studio and preview): the
 * marked regions recoloured in a worker at the displayed resolution, with the offline engine's
 * own recolour. Laid over the photo at the same place and size; labelled "Preview" because
 * Transform makes the stored result (and with the AI engine, a redrawn one).
 */
export function PreviewCanvas({ imageUrl, naturalWidth, naturalHeight, paints }: PreviewCanvasProps) {
  const { t } = useTranslation('transform');
  const canvas = useRef<HTMLCanvasElement>(null);
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const [isShown, setIsShown] = useState(false);
  const paintsKey = JSON.stringify(paints);

  useEffect(() => {
    const created = new Worker(new URL('../preview.worker.ts', import.meta.url), { type: 'module' });
    worker.current = created;
    created.onmessage = (event: MessageEvent<PreviewResponse>) => {
      const answer = event.data;
      // Only the newest request is drawn: a quicker swatch hover overtakes older ones.
      if (answer.id !== latest.current) return;
      const target = canvas.current;
      if (answer.type !== 'painted' || !target) {
        setIsShown(false);
        return;
      }
      target.width = answer.width;
      target.height = answer.height;
      target.getContext('2d')?.putImageData(new ImageData(answer.pixels, answer.width, answer.height), 0, 0);
      target.dataset.paintMilliseconds = answer.milliseconds.toFixed(1);
      setIsShown(true);
    };
    return () => created.terminate();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: paintsKey stands for paints
  useEffect(() => {
    latest.current += 1;
    const target = canvas.current;
    if (paints.length === 0 || !target?.parentElement || !worker.current) {
      setIsShown(false);
      return;
    }
    const size = previewSize(target.parentElement, naturalWidth, naturalHeight);
    const request: PreviewRequest = { id: latest.current, imageUrl, ...size, paints };
    worker.current.postMessage(request);
  }, [imageUrl, naturalWidth, naturalHeight, paintsKey]);

  return (
    <>
      <canvas
        ref={canvas}
        className={isShown ? 'preview-canvas preview-canvas--shown' : 'preview-canvas'}
        role="img"
        aria-label={t('previewAlt')}
        aria-hidden={!isShown}
      />
      {isShown ? <span className="stage-chip stage-chip--start">{t('previewLabel')}</span> : null}
    </>
  );
}
