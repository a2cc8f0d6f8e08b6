import { randomUUID } from 'node:crypto';
import type { RegionElement } from '@facelift/shared';
import type { APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

/**
 * The setup most browser tests share, done through the API (the sign-up and project flows have
 * their own browser tests): a new user, a project made from a drawn photo, and marked regions.
 * Requests go through the page's own request context, so the page is signed in as that user.
 */

/** Signs a new user up (with 5 free credits); `label` starts the e-mail and is the name. */
export async function signUpByApi(request: APIRequestContext, origin: string, label: string): Promise<void> {
  const signUp = await request.post(`${origin}/api/auth/sign-up/email`, {
    headers: { origin },
    data: {
      email: `${label.toLowerCase()}-${randomUUID()}@example.com`,
      password: 'a long enough password',
      name: label,
    },
  });
  expect(signUp.status()).toBe(200);
}

/** Creates a project from a photo, as an upload would. */
export async function createProject(
  request: APIRequestContext,
  origin: string,
  options: { name: string; photo: Buffer },
): Promise<{ id: string }> {
  const created = await request.post(`${origin}/api/projects`, {
    headers: { origin },
    multipart: {
      name: options.name,
      image: { name: 'facade.png', mimeType: 'image/png', buffer: options.photo },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string };
}

/** Saves an element's marked region (a mask-contract PNG, see regionPng). */
export async function markRegion(
  request: APIRequestContext,
  origin: string,
  projectId: string,
  element: RegionElement,
  png: Buffer,
): Promise<void> {
  const region = await request.put(`${origin}/api/projects/${projectId}/regions/${element}`, {
    headers: { origin, 'content-type': 'image/png' },
    data: png,
  });
  expect(region.status()).toBe(200);
}

/** Mask contract: transparent where `isMarked(x, y)`, opaque black elsewhere. */
export function regionPng(
  width: number,
  height: number,
  isMarked: (x: number, y: number) => boolean,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels[(y * width + x) * 4 + 3] = isMarked(x, y) ? 0 : 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A new user with a project made from `photo`, and its walls marked with `wallRegion` if given. */
export async function userWithProject(
  request: APIRequestContext,
  origin: string,
  options: { label: string; projectName: string; photo: Buffer; wallRegion?: Buffer },
): Promise<{ id: string }> {
  await signUpByApi(request, origin, options.label);
  const project = await createProject(request, origin, { name: options.projectName, photo: options.photo });
  if (options.wallRegion) await markRegion(request, origin, project.id, 'walls', options.wallRegion);
  return project;
}

/** The 480 × 320 test facade: a warm wall on the left two thirds, sky on the right. */
export const leftWallFacade = { width: 480, height: 320, wallWidth: 320 } as const;

export function leftWallFacadePng(options: { shadowBand?: boolean } = {}): Promise<Buffer> {
  const { width, height, wallWidth } = leftWallFacade;
  return sharp({ create: { width, height, channels: 3, background: { r: 70, g: 130, b: 210 } } })
    .composite([
      {
        input: { create: { width: wallWidth, height, channels: 3, background: { r: 200, g: 185, b: 165 } } },
        left: 0,
        top: 0,
      },
      // A shadow band across the wall (y 100–129), for tests that follow its lightness.
      ...(options.shadowBand
        ? [
            {
              input: {
                create: {
                  width: wallWidth,
                  height: 30,
                  channels: 3 as const,
                  background: { r: 110, g: 100, b: 90 },
                },
              },
              left: 0,
              top: 100,
            },
          ]
        : []),
    ])
    .png()
    .toBuffer();
}

/** The left-wall facade's wall region (x < 320). */
export function leftWallRegionPng(): Promise<Buffer> {
  const { width, height, wallWidth } = leftWallFacade;
  return regionPng(width, height, (x) => x < wallWidth);
}

/** The project's newest result, read back through the API: `at(x, y)` gives its [red, green, blue]. */
export async function latestResultPixels(
  request: APIRequestContext,
  origin: string,
  projectId: string,
): Promise<(x: number, y: number) => number[]> {
  const projectView = await (await request.get(`${origin}/api/projects/${projectId}`)).json();
  const result = await (await request.get(`${origin}${projectView.history[0].transformed.url}`)).body();
  const { data, info } = await sharp(result).raw().toBuffer({ resolveWithObject: true });
  return (x, y) => {
    const offset = (y * info.width + x) * info.channels;
    return [...data.subarray(offset, offset + 3)];
  };
}
