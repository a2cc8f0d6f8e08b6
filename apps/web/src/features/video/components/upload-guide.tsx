import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimedStatus } from '../use-timed-status.ts';
import { platformNames, type SocialPlatform } from '../video-settings.ts';
import { type SocialGuideTexts, socialGuidesIn } from '../video-texts.ts';

export interface UploadGuideProps {
  platform: SocialPlatform;
  title: string;
  subtitle: string;
  /** The made video's format, once there is one: a WebM video gets a warning. */
  extension: 'mp4' | 'webm' | null;
}

const webmRefusingPlatforms: ReadonlySet<SocialPlatform> = new Set(['instagram', 'tiktok']);

/** The caption to paste: the video's own title and subtitle when given, then the hashtags. */
export function captionFor(
  socialGuides: SocialGuideTexts,
  platform: SocialPlatform,
  title: string,
  subtitle: string,
): string {
  const guide = socialGuides.platforms[platform];
  const heading = [title.trim(), subtitle.trim()].filter(Boolean).join(' — ') || guide.caption;
  return `${heading}\n\n${guide.hashtags.join(' ')}`;
}

/**
 * How to post the video on a platform: steps, tips, hashtags, and buttons that copy the
 * hashtags and a caption, in the interface's language (docs/decisions/170-upload-guides-translated.md).
 */
export function UploadGuide({ platform, title, subtitle, extension }: UploadGuideProps) {
  const { i18n } = useTranslation();
  const socialGuides = socialGuidesIn(i18n.resolvedLanguage);
  const guide = socialGuides.platforms[platform];
  const name = platformNames[platform];
  const titleId = useId();
  const [copyStatus, showCopyStatus] = useTimedStatus<'idle' | 'hashtags' | 'caption' | 'failed'>('idle');

  async function copy(text: string, what: 'hashtags' | 'caption') {
    try {
      await navigator.clipboard.writeText(text);
      showCopyStatus(what);
    } catch {
      showCopyStatus('failed');
    }
  }

  return (
    <section className="video-guide" aria-labelledby={titleId}>
      <h3 id={titleId} className="video-guide__title">
        {socialGuides.title.replace('{{platform}}', name)}
      </h3>
      {extension === 'webm' && webmRefusingPlatforms.has(platform) ? (
        <p className="ui-alert ui-alert--error">{socialGuides.webmWarning.replace('{{platform}}', name)}</p>
      ) : null}
      <div className="video-guide__columns">
        <div>
          <h4>{socialGuides.steps}</h4>
          <ol>
            {guide.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <div>
          <h4>{socialGuides.tips}</h4>
          <ul>
            {guide.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </div>
      <h4>{socialGuides.hashtags}</h4>
      <p className="video-guide__hashtags">{guide.hashtags.join(' ')}</p>
      <div className="video-guide__actions">
        <button
          type="button"
          className="ui-button ui-button--secondary ui-button--small"
          onClick={() => copy(guide.hashtags.join(' '), 'hashtags')}
        >
          {copyStatus === 'hashtags' ? socialGuides.copied : socialGuides.copyHashtags}
        </button>
        <button
          type="button"
          className="ui-button ui-button--secondary ui-button--small"
          onClick={() => copy(captionFor(socialGuides, platform, title, subtitle), 'caption')}
        >
          {copyStatus === 'caption' ? socialGuides.copied : socialGuides.copyCaption}
        </button>
      </div>
      <p className="video-guide__status" role="status">
        {copyStatus === 'failed' ? socialGuides.copyFailed : copyStatus === 'idle' ? '' : socialGuides.copied}
      </p>
    </section>
  );
}
