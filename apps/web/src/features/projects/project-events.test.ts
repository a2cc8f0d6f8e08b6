import type { HistoryItem, Project, StoredImage } from '@facelift/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { projectQueryKeys } from './api/project-query-keys.ts';
import { uploadErrorMessage } from './components/upload-error-message.ts';
import { applyProjectEvent } from './project-events.ts';

const image = (key: string): StoredImage => ({
  key,
  url: `/api/files/${key}`,
  thumbnailUrl: `/api/files/${key}.thumb.webp`,
  width: 10,
  height: 10,
});

const project: Project = {
  id: 'p1',
  name: 'Maple',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  original: image('original.png'),
  history: [],
  chatHistory: [],
  regions: [],
};

const item = (id: string, savedAt: string | null = null): HistoryItem => ({
  id,
  projectId: 'p1',
  original: image('original.png'),
  transformed: image(`generated/${id}.png`),
  prompt: 'p',
  createdAt: '2026-01-02T00:00:00.000Z',
  savedAt,
});

describe('applyProjectEvent', () => {
  it('folds live events into the cached project', () => {
    const client = new QueryClient();
    const key = projectQueryKeys.detail('p1');
    client.setQueryData(key, project);
    applyProjectEvent(client, { type: 'history.added', projectId: 'p1', item: item('a') });
    applyProjectEvent(client, { type: 'history.added', projectId: 'p1', item: item('b') });
    // The tab that made the change may already have it: no duplicate.
    applyProjectEvent(client, { type: 'history.added', projectId: 'p1', item: item('b') });
    applyProjectEvent(client, {
      type: 'history.saved',
      projectId: 'p1',
      item: item('a', '2026-01-03T00:00:00.000Z'),
    });
    applyProjectEvent(client, { type: 'project.renamed', projectId: 'p1', name: 'Oak' });
    const cached = client.getQueryData<Project>(key);
    expect(cached?.history.map((entry) => [entry.id, entry.savedAt])).toEqual([
      ['b', null],
      ['a', '2026-01-03T00:00:00.000Z'],
    ]);
    expect(cached?.name).toBe('Oak');
  });

  it('leaves other projects alone', () => {
    const client = new QueryClient();
    client.setQueryData(projectQueryKeys.detail('p1'), project);
    applyProjectEvent(client, {
      type: 'history.added',
      projectId: 'p2',
      item: { ...item('x'), projectId: 'p2' },
    });
    expect(client.getQueryData<Project>(projectQueryKeys.detail('p1'))?.history).toEqual([]);
  });
});

describe('uploadErrorMessage', () => {
  const t = i18n.getFixedT('en', 'projects');
  it('says "Not authenticated", the translated refusal, or "Upload failed" (docs/product.md, Messages)', () => {
    expect(uploadErrorMessage(new ApiError('NOT_AUTHENTICATED', 'x', 401), t)).toBe('Not authenticated');
    expect(uploadErrorMessage(new ApiError('IMAGE_TOO_LARGE', 'x', 413), t)).toBe(
      'The image is too large: at most 40 megapixels are accepted.',
    );
    expect(uploadErrorMessage(new ApiError('CONFLICT', 'Server says no', 409), t)).toBe('Server says no');
    expect(uploadErrorMessage(new ApiError('NETWORK_ERROR', 'x', 0), t)).toBe('Upload failed');
    expect(uploadErrorMessage(new Error('boom'), t)).toBe('Upload failed');
  });

  it('says every refusal of the upload route in the interface language, not the server English', async () => {
    await i18n.loadLanguages(['es', 'fr']);
    const refusals = [
      new ApiError('VALIDATION_FAILED', 'Please select an image file', 400),
      new ApiError('VALIDATION_FAILED', 'Send one file at a time.', 400),
      new ApiError('VALIDATION_FAILED', 'The upload is not a valid form.', 400),
      new ApiError('RATE_LIMITED', 'Too many requests', 429),
      new ApiError('FORBIDDEN', 'Cross-site request refused', 403),
      new ApiError('NOT_FOUND', 'Project not found', 404),
      new ApiError('INTERNAL_ERROR', 'An unknown error occurred', 500),
    ];
    const inSpanish = refusals.map((error) => uploadErrorMessage(error, i18n.getFixedT('es', 'projects')));
    expect(inSpanish).toEqual([
      'Selecciona un archivo de imagen',
      'Envía un solo archivo cada vez.',
      'La subida no llegó completa. Vuelve a intentarlo.',
      'Demasiadas subidas seguidas. Espera un minuto y vuelve a intentarlo.',
      'Se rechazó la subida. Recarga la página y vuelve a intentarlo.',
      'Este proyecto ya no existe. Recarga la página.',
      'La subida ha fallado',
    ]);
    const inFrench = refusals.map((error) => uploadErrorMessage(error, i18n.getFixedT('fr', 'projects')));
    expect(new Set(inFrench).size).toBe(refusals.length);
    for (const text of inFrench) expect(inSpanish).not.toContain(text);
    // The catalogue's English sentence is kept exactly (SPEC: "Please select an image file").
    expect(uploadErrorMessage(refusals[0], t)).toBe('Please select an image file');
  });
});
