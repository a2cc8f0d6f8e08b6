import '../video.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useVideoMaker } from '../use-video-maker.ts';
import { platformNames, type SocialPlatform, socialPlatforms, type VideoChoice } from '../video-settings.ts';
import { registerVideoTexts } from '../video-texts.ts';
import { UploadGuide } from './upload-guide.tsx';
import type { VideoCreatorLauncherProps } from './video-creator-launcher.tsx';
import { VideoResult } from './video-result.tsx';

registerVideoTexts();

type VideoType = VideoChoice['type'];

/** The before/after video creator (docs/product.md, Videos): loaded on demand by the launcher. */
export default function VideoCreatorDialog({
  beforeUrl,
  afterUrl,
  resultId,
  hasSiteBadge,
  onClose,
}: VideoCreatorLauncherProps & { onClose(): void }) {
  const { t } = useTranslation('videoCreator');
  const [type, setType] = useState<VideoType>('simple');
  const [platform, setPlatform] = useState<SocialPlatform>('instagram');
  const [hasWatermark, setHasWatermark] = useState(true);
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const { state, generate, cancel, reset } = useVideoMaker({ beforeUrl, afterUrl, resultId });
  const platformId = useId();
  const typeIdPrefix = useId();
  const isGenerating = state.status === 'generating';
  const outputRef = useRef<HTMLDivElement>(null);
  const isReady = state.status === 'ready';
  useEffect(() => {
    // On a phone the player is below the settings: bring the finished video into view.
    if (isReady) outputRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [isReady]);
  // Generate and Cancel take each other's place: keyboard focus follows, instead of falling to the page.
  const generateRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasGenerating = useRef(false);
  useEffect(() => {
    if (isGenerating) cancelRef.current?.focus();
    // A finished video is being scrolled into view (above): focusing without a scroll of its own,
    // since the focus's scroll stopped that one and left Download below a phone's fold.
    else if (wasGenerating.current) generateRef.current?.focus({ preventScroll: isReady });
    wasGenerating.current = isGenerating;
  }, [isGenerating, isReady]);
  const choice: VideoChoice = type === 'simple' ? { type } : { type, platform };
  const statusText =
    state.status === 'idle' && state.wasCancelled
      ? t('cancelled')
      : state.status === 'ready'
        ? t('ready')
        : '';

  /** Any change of settings makes a ready video stale: back to idle. */
  function change<Value>(set: (value: Value) => void) {
    return (value: Value) => {
      set(value);
      if (state.status !== 'idle') reset();
    };
  }

  function handleGenerate() {
    void generate(choice, {
      labels: { before: t('labelBefore'), after: t('labelAfter') },
      title: type === 'social' ? title : '',
      subtitle: type === 'social' ? subtitle : '',
      watermark: type === 'simple' && hasWatermark ? t('watermarkText') : null,
      siteBadge: hasSiteBadge ? window.location.host : null,
    });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('title')}
      description={t('description')}
      closeLabel={t('close')}
      wide
    >
      <div className="video-creator">
        <form
          className="video-creator__options"
          onSubmit={(event) => {
            event.preventDefault();
            handleGenerate();
          }}
        >
          <fieldset className="video-creator__fields" disabled={isGenerating}>
            <fieldset className="video-creator__types">
              <legend className="ui-field__label">{t('type')}</legend>
              {(['simple', 'social'] as const).map((option) => (
                <label
                  key={option}
                  className={type === option ? 'video-type video-type--checked' : 'video-type'}
                >
                  <input
                    type="radio"
                    name="video-type"
                    value={option}
                    checked={type === option}
                    onChange={() => change(setType)(option)}
                    // Named by the type alone; the size and length are its description.
                    aria-labelledby={`${typeIdPrefix}-${option}-name`}
                    aria-describedby={`${typeIdPrefix}-${option}-hint`}
                  />
                  <span className="video-type__text">
                    <span className="video-type__name" id={`${typeIdPrefix}-${option}-name`}>
                      {option === 'simple' ? t('typeSimple') : t('typeSocial')}
                    </span>
                    <span className="ui-field__hint" id={`${typeIdPrefix}-${option}-hint`}>
                      {option === 'simple' ? t('typeSimpleHint') : t('typeSocialHint')}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            {type === 'simple' ? (
              <label className="video-creator__check">
                <input
                  type="checkbox"
                  checked={hasWatermark}
                  onChange={(event) => change(setHasWatermark)(event.target.checked)}
                />
                {t('watermark')}
              </label>
            ) : (
              <>
                <div className="ui-field">
                  <label className="ui-field__label" htmlFor={platformId}>
                    {t('platform')}
                  </label>
                  <select
                    id={platformId}
                    className="ui-select"
                    value={platform}
                    onChange={(event) => change(setPlatform)(event.target.value as SocialPlatform)}
                  >
                    {socialPlatforms.map((option) => (
                      <option key={option} value={option}>
                        {platformNames[option]}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField
                  label={t('customTitle')}
                  value={title}
                  maxLength={80}
                  onChange={(event) => change(setTitle)(event.target.value)}
                />
                <TextField
                  label={t('customSubtitle')}
                  value={subtitle}
                  maxLength={120}
                  onChange={(event) => change(setSubtitle)(event.target.value)}
                />
              </>
            )}
          </fieldset>
          {isGenerating ? (
            <div className="video-creator__progress">
              <span className="ui-field__label">{t('generating')}</span>
              <div className="video-creator__progress-row">
                <progress max={100} value={state.percent} aria-label={t('progress')} />
                <span className="video-creator__percent">{state.percent}%</span>
              </div>
              <button
                ref={cancelRef}
                type="button"
                className="ui-button ui-button--secondary"
                onClick={cancel}
              >
                {t('cancel')}
              </button>
            </div>
          ) : (
            <button ref={generateRef} type="submit" className="ui-button ui-button--primary">
              {t('generate')}
            </button>
          )}
          {state.status === 'failed' ? (
            <p className="ui-alert ui-alert--error" role="alert">
              {state.reason === 'image' ? t('imageFailed') : t('generateFailed')}
            </p>
          ) : null}
          {/*
           * Empty, the status line takes no room (video.css): its reserved line and the gap above it
           * left ~80 px of empty dialog under Generate on a phone (decision 313). It stays in the
           * page, so what it says next is still announced.
           */}
          <p
            className={
              statusText ? 'video-creator__status' : 'video-creator__status video-creator__status--empty'
            }
            role="status"
          >
            {statusText}
          </p>
        </form>
        <div className="video-creator__output" ref={outputRef}>
          {state.status === 'ready' ? (
            <VideoResult
              video={state.video}
              url={state.url}
              fileName={state.fileName}
              choice={state.choice}
            />
          ) : (
            <div className="video-creator__placeholder" aria-hidden="true">
              <span>▶</span>
            </div>
          )}
        </div>
        {type === 'social' ? (
          <UploadGuide
            platform={platform}
            title={title}
            subtitle={subtitle}
            extension={state.status === 'ready' ? state.video.format.extension : null}
          />
        ) : null}
      </div>
    </Modal>
  );
}
