/**
 * The H.264 codec string for a size and rate: High profile at the lowest level whose frame size,
 * macroblock rate and bitrate limits (ITU-T H.264 table A-1) hold it, e.g. "avc1.640028"
 * (level 4.0) for 1080×1920 at 30 fps. A level too low for the size makes encoders refuse the
 * configuration and players refuse the file.
 */
const levels = [
  { level: 0x1e, maxFrameMacroblocks: 1_620, maxMacroblocksPerSecond: 40_500, maxBitrate: 10_000_000 },
  { level: 0x1f, maxFrameMacroblocks: 3_600, maxMacroblocksPerSecond: 108_000, maxBitrate: 14_000_000 },
  { level: 0x20, maxFrameMacroblocks: 5_120, maxMacroblocksPerSecond: 216_000, maxBitrate: 20_000_000 },
  { level: 0x28, maxFrameMacroblocks: 8_192, maxMacroblocksPerSecond: 245_760, maxBitrate: 20_000_000 },
  { level: 0x2a, maxFrameMacroblocks: 8_704, maxMacroblocksPerSecond: 522_240, maxBitrate: 50_000_000 },
  { level: 0x33, maxFrameMacroblocks: 36_864, maxMacroblocksPerSecond: 983_040, maxBitrate: 240_000_000 },
] as const;

const highProfile = '6400';

export function avcCodecString(width: number, height: number, fps: number, bitrate: number): string {
  const frameMacroblocks = Math.ceil(width / 16) * Math.ceil(height / 16);
  const fitting = levels.find(
    (entry) =>
      frameMacroblocks <= entry.maxFrameMacroblocks &&
      frameMacroblocks * fps <= entry.maxMacroblocksPerSecond &&
      bitrate <= entry.maxBitrate,
  );
  if (!fitting) throw new Error(`No H.264 level holds ${width}×${height} at ${fps} fps`);
  return `avc1.${highProfile}${fitting.level.toString(16).padStart(2, '0')}`;
}
