import type { ElementRegion, RegionElement } from '@facelift/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** A data URL's bytes, decoded here: the CSP (connect-src 'self') does not let fetch read data: URLs. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [header = '', data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? 'application/octet-stream';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

const regionsUrl = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/regions`;

/** The element regions saved on a project (docs/product.md, Marking and selection). */
export async function fetchElementRegions(projectId: string): Promise<ElementRegion[]> {
  return (await apiRequest<{ regions: ElementRegion[] }>(regionsUrl(projectId))).regions;
}

/** Saves one element's region: a mask-contract PNG (a Blob, or the editor's data URL). */
export async function saveElementRegion(
  projectId: string,
  element: RegionElement,
  mask: Blob | string,
): Promise<ElementRegion[]> {
  const body = typeof mask === 'string' ? dataUrlToBlob(mask) : mask;
  const result = await apiRequest<{ regions: ElementRegion[] }>(`${regionsUrl(projectId)}/${element}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    body,
  });
  return result.regions;
}

export async function deleteElementRegion(
  projectId: string,
  element: RegionElement,
): Promise<ElementRegion[]> {
  const result = await apiRequest<{ regions: ElementRegion[] }>(`${regionsUrl(projectId)}/${element}`, {
    method: 'DELETE',
  });
  return result.regions;
}
