/** Initials images: initials, colours (deterministic, readable under white text) and rendering. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourOf, initialsOf, initialsSvg, renderInitials } from '../../../server/files/initials-image';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('initialsOf', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(initialsOf('Dana', 'Reyes')).toBe('DR');
    expect(initialsOf('Blue Ridge Manufacturing')).toBe('BR');
    expect(initialsOf('émile', 'zola')).toBe('ÉZ');
    expect(initialsOf('3M')).toBe('3');
    expect(initialsOf('& Co', '(north)')).toBe('CN');
    expect(initialsOf('—', '')).toBe('?');
  });
});

describe('colourOf', () => {
  it('is deterministic, varies with the id and keeps white text readable (contrast >= 4.5)', () => {
    expect(colourOf('a')).toBe(colourOf('a'));
    const colours = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const colour = colourOf(`id-${i}`);
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
      colours.add(colour);
    }
    expect(colours.size).toBeGreaterThan(100);
  });
});

describe('initials images', () => {
  it('escapes the initials in the SVG and renders a square PNG of the asked size', async () => {
    expect(initialsSvg('<&', '#123456', 32)).toContain('&#60;&#38;');
    const png = await renderInitials('DR', '#336699', 48);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 48, height: 48 });
    expect(Buffer.compare(png, await renderInitials('DR', '#336699', 48))).toBe(0);
  });
});
