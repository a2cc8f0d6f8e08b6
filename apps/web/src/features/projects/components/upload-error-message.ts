import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The upload route's own refusals of a form (VALIDATION_FAILED), by the server's fixed English
 * sentence: the code alone does not say which one it was, and each deserves its own words.
 */
const validationMessages = {
  'Please select an image file': 'picker.notAnImage',
  'Send one file at a time.': 'uploadErrors.oneFile',
  'The upload is not a valid form.': 'uploadErrors.invalidForm',
  'Give the project a name.': 'uploadErrors.noName',
} as const;

/**
 * docs/product.md, Messages: "Not authenticated", the server's message (translated by code, so
 * es/fr never show the server's English for a refusal the interface knows), else "Upload failed".
 */
export function uploadErrorMessage(error: unknown, t: TFunction<'projects'>): string {
  if (!(error instanceof ApiError)) return t('picker.uploadFailed');
  switch (error.code) {
    case 'NOT_AUTHENTICATED':
      return t('picker.notAuthenticated');
    case 'NO_CREDITS':
      return t('panel.noCredits');
    case 'PAYLOAD_TOO_LARGE':
      return t('uploadErrors.tooLarge');
    case 'IMAGE_TOO_LARGE':
      return t('uploadErrors.tooManyPixels');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return t('uploadErrors.unsupported');
    case 'INVALID_IMAGE':
      return t('uploadErrors.unreadable');
    case 'STORAGE_FULL':
      return t('uploadErrors.storageFull');
    case 'SERVICE_UNAVAILABLE':
      return t('uploadErrors.unavailable');
    case 'RATE_LIMITED':
      return t('uploadErrors.tooMany');
    // The origin check's refusal (docs/decisions/022-origins.md): the page came from another address.
    case 'FORBIDDEN':
      return t('uploadErrors.refused');
    case 'NOT_FOUND':
      return t('uploadErrors.projectGone');
    case 'VALIDATION_FAILED': {
      const key = validationMessages[error.message as keyof typeof validationMessages];
      return key ? t(key) : error.message || t('picker.uploadFailed');
    }
    case 'NETWORK_ERROR':
    case 'INTERNAL_ERROR':
      return t('picker.uploadFailed');
    default:
      return error.message || t('picker.uploadFailed');
  }
}
