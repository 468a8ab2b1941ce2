import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE, targetSize } from './downscale-photo';

describe('targetSize', () => {
  it('scales the long side down to the limit, keeping the proportions', () => {
    expect(targetSize(4032, 3024)).toEqual({ width: 2560, height: 1920, scale: 2560 / 4032 });
    expect(targetSize(3000, 4000)).toMatchObject({ width: 1920, height: 2560 });
    expect(targetSize(8000, 1000)).toMatchObject({ width: PHOTO_MAX_SIDE, height: 320 });
  });

  it('never enlarges a photo already small enough', () => {
    expect(targetSize(2560, 1440)).toEqual({ width: 2560, height: 1440, scale: 1 });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480, scale: 1 });
  });
});
