import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from '../../src/web/lib/colour.ts';

describe('readable text on brand colours', () => {
  it('picks white on dark and black on light backgrounds', () => {
    expect(readableTextOn('#1b0088')).toBe('#ffffff');
    expect(readableTextOn('#ffd400')).toBe('#000000');
  });

  it('always reaches 4.5:1 whatever the airline colour', () => {
    for (let value = 0; value <= 0xffffff; value += 0x0f0f0f) {
      const background = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(background, readableTextOn(background))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
