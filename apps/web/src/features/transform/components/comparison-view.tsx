import './comparison-view.css';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

export interface ComparisonViewProps {
  beforeUrl: string;
  /** The result; null while it is being made (the original shows faded meanwhile). */
  afterUrl: string | null;
  /** Where the divider starts, in percent of the width shown as the result. */
  initialPosition?: number;
  /** The photo's width / height, so that narrow screens show it without empty bands. */
  aspectRatio?: number;
}

const step = 10;

export function clampPosition(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * Before/after comparison (docs/product.md, Studio and preview): a 500 px area with a divider dragged by mouse, pen
 * or touch, a 0–100 range slider with −10/+10 buttons, and arrow keys. Left of the divider
 * is the original, right of it the result.
 */
export function ComparisonView({
  beforeUrl,
  afterUrl,
  initialPosition = 50,
  aspectRatio,
}: ComparisonViewProps) {
  const { t } = useTranslation('transform');
  const [position, setPosition] = useState(clampPosition(initialPosition));
  // Which result has finished loading: a new result fades in again.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const isAfterLoaded = afterUrl !== null && loadedUrl === afterUrl;
  const areaRef = useRef<HTMLDivElement>(null);
  const isDraggingRef = useRef(false);

  const moveTo = useCallback((clientX: number) => {
    const area = areaRef.current;
    if (!area) return;
    const bounds = area.getBoundingClientRect();
    if (bounds.width === 0) return;
    setPosition(clampPosition(((clientX - bounds.left) / bounds.width) * 100));
  }, []);

  function startDrag(event: PointerEvent<HTMLDivElement>) {
    isDraggingRef.current = true;
    // Capture so that the drag ends on release anywhere, even outside the area.
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  }
  function drag(event: PointerEvent<HTMLDivElement>) {
    if (isDraggingRef.current) moveTo(event.clientX);
  }
  function endDrag(event: PointerEvent<HTMLDivElement>) {
    isDraggingRef.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }
  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') setPosition((value) => clampPosition(value - step));
    else if (event.key === 'ArrowRight') setPosition((value) => clampPosition(value + step));
    else return;
    event.preventDefault();
  }

  const isLoading = afterUrl === null;
  return (
    <div className="comparison">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the range input below is the accessible control; this area adds pointer dragging */}
      <div
        ref={areaRef}
        className="comparison__area"
        data-testid="comparison-area"
        onPointerDown={startDrag}
        onPointerMove={drag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={handleKey}
        style={aspectRatio ? ({ '--comparison-aspect': String(aspectRatio) } as CSSProperties) : undefined}
      >
        <img
          className={isLoading ? 'comparison__before comparison__before--loading' : 'comparison__before'}
          src={beforeUrl}
          alt={t('originalAlt')}
          draggable={false}
        />
        {afterUrl ? (
          <img
            className={isAfterLoaded ? 'comparison__after comparison__after--shown' : 'comparison__after'}
            src={afterUrl}
            alt={t('resultAlt')}
            draggable={false}
            onLoad={() => setLoadedUrl(afterUrl)}
            style={{ clipPath: `inset(0 0 0 ${position}%)` }}
          />
        ) : null}
        {afterUrl ? (
          <div className="comparison__divider" style={{ left: `${position}%` }} aria-hidden="true">
            <span className="comparison__handle" />
          </div>
        ) : null}
        <span className="stage-chip stage-chip--start">{t('before')}</span>
        {afterUrl ? <span className="stage-chip stage-chip--end">{t('after')}</span> : null}
      </div>
      <div className="comparison__controls">
        <Button
          size="small"
          onClick={() => setPosition((value) => clampPosition(value - step))}
          disabled={isLoading || position <= 0}
        >
          −10
        </Button>
        <input
          type="range"
          className="comparison__slider"
          min={0}
          max={100}
          step={1}
          value={Math.round(position)}
          aria-label={t('sliderLabel')}
          aria-valuetext={t('sliderValue', { percent: Math.round(position) })}
          disabled={isLoading}
          onChange={(event) => setPosition(clampPosition(Number(event.target.value)))}
        />
        <Button
          size="small"
          onClick={() => setPosition((value) => clampPosition(value + step))}
          disabled={isLoading || position >= 100}
        >
          +10
        </Button>
      </div>
    </div>
  );
}
