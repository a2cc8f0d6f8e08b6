import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { fileTooLarge } from './image-processing.ts';

export interface MultipartUpload {
  fields: Record<string, string>;
  /** The first file part's bytes; later file parts are refused. */
  file: Buffer | null;
}

/**
 * Reads a multipart form into memory: text fields and at most one file, stopping as soon as
 * the file passes `maxBytes` (the client sees PAYLOAD_TOO_LARGE and nothing is stored).
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (file) throw new AppError('VALIDATION_FAILED', 'Send one file at a time.');
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_FAILED', 'Send one file at a time.');
    // Anything else went wrong in the body the client sent: a form cut off mid-way ("Unexpected
    // end of form"), a malformed part header, a connection dropped during the upload.
    throw new AppError('VALIDATION_FAILED', 'The upload is not a valid form.');
  }
  return { fields, file };
}
