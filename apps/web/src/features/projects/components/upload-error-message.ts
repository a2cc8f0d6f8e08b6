import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

/** docs/product.md, Messages: "Not authenticated", the server's message (translated by code), else "Upload failed". */
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
    case 'NETWORK_ERROR':
      return t('picker.uploadFailed');
    default:
      return error.message || t('picker.uploadFailed');
  }
}
