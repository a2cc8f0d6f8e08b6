import './transform.css';
import type { HistoryItem } from '@facelift/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useImageEngine, useMe } from '../../auth/index.ts';
import { usePromptInLanguage } from '../../directives/index.ts';
import { VideoCreatorLauncher } from '../../video/index.ts';
import { shareResult } from '../share-result.ts';
import { ComparisonView } from './comparison-view.tsx';

export interface ResultDetailsProps {
  item: HistoryItem;
  /** "Use for next transformation": the result becomes the image the next edit starts from. */
  onUseAsBase(item: HistoryItem): void;
  /** "Continue editing": back to the directives with the same image. */
  onContinueEditing(): void;
}

/**
 * The result of a transformation (docs/product.md, Studio and preview): its comparison, on the
 * stage in the photo's place and size. What it is acted on with follows (ResultDetails).
 */
export function ResultComparison({ item }: { item: HistoryItem }) {
  return (
    <div className="result-panel">
      <ComparisonView
        beforeUrl={item.original.url}
        afterUrl={item.transformed.url}
        aspectRatio={item.transformed.width / item.transformed.height}
      />
    </div>
  );
}

/**
 * What a result is acted on with and told about: reuse, download, share, video, then the prompt
 * and the notice. The studio places it after the control column in the page, as on a phone's
 * screen, and beside the column under the comparison when wider (decision 312). There is no "Save
 * generated" button: every result is already saved in its project, for every account, and the
 * panel says so (docs/decisions/080-free-tier-story.md).
 */
export function ResultDetails({ item, onUseAsBase, onContinueEditing }: ResultDetailsProps) {
  const { t } = useTranslation('transform');
  const me = useMe();
  // Only the AI provider generates pixels; the offline engine recolours exactly what is marked
  // (docs/decisions/197-ai-notice-only-for-ai-results.md).
  const { isAiEngine } = useImageEngine();
  const shownPrompt = usePromptInLanguage();
  const [shareMessage, setShareMessage] = useState<string | null>(null);
  const [isSharing, setIsSharing] = useState(false);
  const isFreeTier = me.data?.packageTier !== 'paid';

  async function handleShare() {
    setIsSharing(true);
    const outcome = await shareResult(item.transformed.url, t('shareText'));
    setIsSharing(false);
    const messages = {
      shared: t('shared'),
      aborted: null,
      copied: t('shareUnsupportedCopied'),
      unsupported: t('shareUnsupported'),
      failed: t('shareFailed'),
    } as const;
    setShareMessage(messages[outcome]);
    if (outcome !== 'aborted') window.setTimeout(() => setShareMessage(null), 4000);
  }

  const titleId = useId();
  return (
    <section className="result-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('detailsTitle')}
      </h2>
      {/*
       * On a laptop the comparison and this part fill the screen under the header, the comparison
       * giving way, so "Project saved" is never cut by the window's edge; the prompt and the notice
       * follow (docs/decisions/093-result-and-chat-fit-the-screen.md).
       */}
      <div className="result-actions">
        {/* The buttons come right under the slider: at 1366 × 768 they are in view without a scroll. */}
        <div className="result-panel__actions">
          <Button onClick={() => onUseAsBase(item)}>{t('useAsBase')}</Button>
          <Button onClick={onContinueEditing}>{t('continueEditing')}</Button>
          <a
            className="ui-button ui-button--secondary"
            href={item.transformed.url}
            download={`facelift-${item.id}.png`}
          >
            {t('download')}
          </a>
          <Button onClick={handleShare} disabled={isSharing}>
            {isSharing ? t('sharing') : t('share')}
          </Button>
          <VideoCreatorLauncher
            beforeUrl={item.original.url}
            afterUrl={item.transformed.url}
            resultId={item.id}
            hasSiteBadge={isFreeTier}
          />
        </div>
        <p className="result-panel__saved" role="status">
          <span aria-hidden="true">✓ </span>
          {t('savedInProject')}
        </p>
        {shareMessage ? (
          <p className="ui-field__hint" role="status">
            {shareMessage}
          </p>
        ) : null}
      </div>
      <div className="result-notes">
        <details className="result-panel__prompt">
          <summary>{t('promptUsed')}</summary>
          <p>{shownPrompt.show(item.prompt)}</p>
          {shownPrompt.sentInEnglishNote ? (
            <p className="ui-field__hint">{shownPrompt.sentInEnglishNote}</p>
          ) : null}
        </details>
        {isAiEngine ? <p className="ui-field__hint">{t('processingNotice')}</p> : null}
      </div>
    </section>
  );
}
