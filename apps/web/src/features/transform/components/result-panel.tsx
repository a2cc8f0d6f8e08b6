import './transform.css';
import type { HistoryItem } from '@facelift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useImageEngine, useMe } from '../../auth/index.ts';
import { usePromptInLanguage } from '../../directives/index.ts';
import { VideoCreatorLauncher } from '../../video/index.ts';
import { shareResult } from '../share-result.ts';
import { ComparisonView } from './comparison-view.tsx';

export interface ResultPanelProps {
  item: HistoryItem;
  /** "Use for next transformation": the result becomes the image the next edit starts from. */
  onUseAsBase(item: HistoryItem): void;
  /** "Continue editing": back to the directives with the same image. */
  onContinueEditing(): void;
}

/**
 * The result of a transformation (docs/product.md, Studio and preview): prompt, comparison,
 * reuse, download, share, video. There is no "Save generated" button: every result is already
 * saved in its project, for every account, and the panel says so
 * (docs/decisions/080-free-tier-story.md).
 */
export function ResultPanel({ item, onUseAsBase, onContinueEditing }: ResultPanelProps) {
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

  return (
    <div className="result-panel">
      {/*
       * What a result is looked at and acted on with: on a laptop this part fills the screen under
       * the header, the comparison giving way, so "Project saved" is never cut by the window's
       * edge; the prompt and the notice follow it (docs/decisions/093-result-and-chat-fit-the-screen.md).
       */}
      <div className="result-panel__view">
        <ComparisonView
          beforeUrl={item.original.url}
          afterUrl={item.transformed.url}
          aspectRatio={item.transformed.width / item.transformed.height}
        />
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
      <details className="result-panel__prompt">
        <summary>{t('promptUsed')}</summary>
        <p>{shownPrompt.show(item.prompt)}</p>
        {shownPrompt.sentInEnglishNote ? (
          <p className="ui-field__hint">{shownPrompt.sentInEnglishNote}</p>
        ) : null}
      </details>
      {isAiEngine ? <p className="ui-field__hint">{t('processingNotice')}</p> : null}
    </div>
  );
}
