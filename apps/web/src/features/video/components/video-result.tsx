import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { MadeVideo } from '../make-video.ts';
import { shareVideo } from '../share-video.ts';
import { useTimedStatus } from '../use-timed-status.ts';
import { presetFor, type VideoChoice } from '../video-settings.ts';

export interface VideoResultProps {
  video: MadeVideo;
  url: string;
  fileName: string;
  choice: VideoChoice;
}

type ShareStatus = 'idle' | 'sharing' | 'shared' | 'copied' | 'failed';

/** The ready video: preview player, download, share (docs/product.md, Videos). */
export function VideoResult({ video, url, fileName, choice }: VideoResultProps) {
  const { t } = useTranslation('videoCreator');
  const [shareStatus, showShareStatus] = useTimedStatus<ShareStatus>('idle');
  const preset = presetFor(choice);

  async function handleShare() {
    showShareStatus('sharing', { resets: false });
    const file = new File([video.blob], fileName, { type: video.format.mimeType });
    const outcome = await shareVideo(file, `${t('shareMessage')} ${window.location.origin}`);
    // An aborted share is the person changing their mind: back to idle, no message.
    if (outcome === 'aborted') showShareStatus('idle', { resets: false });
    else showShareStatus(outcome);
  }

  const shareMessages: Record<ShareStatus, string> = {
    idle: '',
    sharing: '',
    shared: t('shared'),
    copied: t('copied'),
    failed: t('shareFailed'),
  };

  return (
    <div className="video-result">
      <video
        className="video-result__player"
        src={url}
        controls
        autoPlay
        loop
        muted
        playsInline
        aria-label={t('preview')}
        style={{ aspectRatio: `${preset.width} / ${preset.height}` }}
      />
      <p className="ui-field__hint">
        {t('details', {
          format: video.format.extension.toUpperCase(),
          width: preset.width,
          height: preset.height,
          seconds: preset.durationSeconds,
        })}
      </p>
      {video.format.extension === 'webm' ? <p className="ui-field__hint">{t('webmNotice')}</p> : null}
      <div className="video-result__actions">
        <a className="ui-button ui-button--primary" href={url} download={fileName}>
          {t('download')}
        </a>
        <Button onClick={handleShare} disabled={shareStatus === 'sharing'}>
          {shareStatus === 'sharing' ? t('sharing') : t('share')}
        </Button>
      </div>
      <p className="video-result__status" role="status">
        {shareMessages[shareStatus]}
      </p>
    </div>
  );
}
