// throwaway (not committed): overlays of balconies
import path from 'node:path';
import { createBitmask, paintRectangle, prepareFacadeImage, subtractFromSurface, surfaceClick } from '@facelift/shared';
import sharp from 'sharp';
import { simulateClicks } from './click-protocol.ts';

const fixtures = '/work/shared/fixtures/facades';
const names = (process.argv[2] ?? 'cmp_b0007').split(',');
const tuningArgs: Record<string, number> = {};
for (let i = 3; i < process.argv.length; i += 2) tuningArgs[process.argv[i].replace(/^--/, '')] = Number(process.argv[i + 1]);
for (const name of names) {
  const { data, info } = await sharp(path.join(fixtures, `${name}.jpg`)).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  const lab = await sharp(path.join(fixtures, 'labels', `${name}_ids5.png`)).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const ids = new Uint8Array(lab.data);
  const { width, height } = pixels;
  const facade = prepareFacadeImage(pixels, { tuning: tuningArgs as never });
  const wallTruth = createBitmask(width, height);
  for (let i = 0; i < ids.length; i++) wallTruth.data[i] = ids[i] === 5 ? 1 : 0;
  const result = simulateClicks(wallTruth, (point, mode) => {
    if (mode === 'subtract') return subtractFromSurface(facade, point);
    const { surface, cuts } = surfaceClick(facade, point);
    for (const cut of cuts) paintRectangle(surface, cut, 0);
    return surface;
  }, 3);
  const sel = result.prediction.data;
  const found = createBitmask(width, height);
  for (const b of facade.balconyOpenings) paintRectangle(found, b);
  let bal = 0, balTaken = 0, balFound = 0, foundWall = 0;
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const r = data[i * 4], g = data[i * 4 + 1], b = data[i * 4 + 2];
    let c = [r * 0.6, g * 0.6, b * 0.6];
    if (ids[i] === 3) { bal++; if (sel[i]) { balTaken++; c = [255, 40, 40]; } else c = [r * 0.5, g * 0.5 + 80, b * 0.5]; if (found.data[i]) balFound++; }
    else if (found.data[i] && ids[i] === 5) { foundWall++; c = [255, 0, 255]; }
    out[i * 3] = c[0]; out[i * 3 + 1] = c[1]; out[i * 3 + 2] = c[2];
  }
  for (const b of facade.balconyOpenings) {
    for (let x = b.left; x <= b.right; x++) for (const y of [b.top, b.bottom]) { const i = (y * width + x) * 3; out[i] = 255; out[i + 1] = 255; out[i + 2] = 0; }
    for (let y = b.top; y <= b.bottom; y++) for (const x of [b.left, b.right]) { const i = (y * width + x) * 3; out[i] = 255; out[i + 1] = 255; out[i + 2] = 0; }
  }
  await sharp(out, { raw: { width, height, channels: 3 } }).png().toFile(`/tmp/balc/${name}.png`);
  console.log(name, 'wall', result.iouAfterClick.map((v) => v.toFixed(3)).join(' '), 'balcony px', bal, 'taken', balTaken, 'found', balFound, 'found wall', foundWall, 'boxes', facade.balconyOpenings.length);
}
