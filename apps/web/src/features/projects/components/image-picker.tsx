import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

export interface ImagePickerProps {
  /** A valid image was chosen (by drop, browse or the button). */
  onSelect(file: File): void;
  /** The chosen image's preview URL; the picker shows the drop zone while it is null. */
  previewUrl: string | null;
  /** Clears the preview; the picker also clears its file input. */
  onRemove(): void;
  isDisabled?: boolean;
  /** Upload progress 0–100 while uploading, null otherwise. */
  progress?: number | null;
  /** Shown under the preview (an upload error, say). */
  error?: string | null;
  /** Buttons shown over the preview (the inpainting button, say). */
  previewActions?: ReactNode;
}

/**
 * The image picker (docs/product.md, Studio and preview): drag and drop (first file only; highlighted while dragging;
 * at least 250 px high), click to browse (image/*) and a select-image button; a preview
 * with a remove button. A non-image is refused with "Please select an image file".
 */
export function ImagePicker({
  onSelect,
  previewUrl,
  onRemove,
  isDisabled,
  progress = null,
  error,
  previewActions,
}: ImagePickerProps) {
  const { t } = useTranslation('projects');
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [typeError, setTypeError] = useState<string | null>(null);
  const hintId = useId();

  function choose(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setTypeError(t('picker.notAnImage'));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setTypeError(null);
    onSelect(file);
  }

  function browse() {
    if (!isDisabled) inputRef.current?.click();
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (isDisabled) return;
    // Only the first dropped file is used.
    choose(event.dataTransfer.files[0]);
  }

  function remove() {
    if (inputRef.current) inputRef.current.value = '';
    setTypeError(null);
    onRemove();
  }

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      className="visually-hidden"
      aria-label={t('picker.fileInputLabel')}
      tabIndex={-1}
      disabled={isDisabled}
      onChange={(event) => choose(event.target.files?.[0])}
    />
  );

  if (previewUrl) {
    return (
      <div className="image-picker image-picker--preview">
        {input}
        <div className="image-picker__preview">
          <img src={previewUrl} alt={t('picker.previewAlt')} />
          <div className="image-picker__preview-actions">
            {previewActions}
            {progress === null || error ? (
              <Button variant="secondary" size="small" onClick={remove}>
                {t('picker.remove')}
              </Button>
            ) : null}
          </div>
        </div>
        {progress !== null && !error ? (
          <div className="image-picker__progress">
            <progress max={100} value={progress} aria-label={t('picker.uploadProgress')} />
            <span aria-live="polite">{t('picker.uploading', { percent: progress })}</span>
          </div>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="image-picker">
      {input}
      {/* The zone is a convenience for mouse users; the button below does the same for keyboards. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drop target; the Select image button is the accessible control */}
      <div
        className={isDragging ? 'image-picker__zone image-picker__zone--dragging' : 'image-picker__zone'}
        onClick={browse}
        onKeyDown={undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!isDisabled) setIsDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!isDisabled) setIsDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={handleDrop}
        data-testid="image-drop-zone"
      >
        <svg aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="1.5" />
          <circle cx="9" cy="10" r="2" strokeWidth="1.5" />
          <path d="M21 16l-5-5-9 9" strokeWidth="1.5" />
        </svg>
        <p>{t('picker.dropHere')}</p>
        <p className="muted" id={hintId}>
          {t('picker.accepted')}
        </p>
      </div>
      <Button variant="primary" onClick={browse} disabled={isDisabled} aria-describedby={hintId}>
        {t('picker.selectImage')}
      </Button>
      {typeError ? (
        <p className="form-error" role="alert">
          {typeError}
        </p>
      ) : null}
    </div>
  );
}
