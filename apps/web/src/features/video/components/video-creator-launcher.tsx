import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

// The creator, its encoder and its texts load only when someone opens it: the app shell stays small.
const VideoCreatorDialog = lazy(() => import('./video-creator-dialog.tsx'));

export interface VideoCreatorLauncherProps {
  beforeUrl: string;
  afterUrl: string;
  /** The result's id, for the file name. */
  resultId: string;
  /** Free accounts' videos carry the site badge (docs/product.md, Credits and tiers). */
  hasSiteBadge: boolean;
}

/** Shows the failure to load the creator's chunk (offline, new deployment) instead of a blank page. */
class ChunkErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The result panel's "Make a video" button; opens the before/after video creator. */
export function VideoCreatorLauncher(props: VideoCreatorLauncherProps) {
  const { t } = useTranslation('video');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)} aria-haspopup="dialog">
        {t('open')}
      </Button>
      {isOpen ? (
        <ChunkErrorBoundary
          fallback={
            <p className="ui-alert ui-alert--error" role="alert">
              {t('loadFailed')}
            </p>
          }
        >
          <Suspense
            fallback={
              <span className="ui-field__hint" role="status">
                {t('loading')}
              </span>
            }
          >
            <VideoCreatorDialog {...props} onClose={() => setIsOpen(false)} />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </>
  );
}
