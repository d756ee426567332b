import {themes} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import {contrastRatio, readablePrismTheme} from '../../config/readablePrismTheme';

describe('readablePrismTheme', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#999988', '#f6f8fa')).toBeLessThan(3);
    expect(contrastRatio('rgb(98, 114, 164)', '#282A36')).toBeLessThan(3.5);
    expect(contrastRatio('hsl(0, 0%, 100%)', '#000')).toBeCloseTo(21, 5);
  });

  it.each([
    ['github', themes.github],
    ['dracula', themes.dracula],
  ])(
    'brings every token colour of %s to at least 4.5:1 and keeps the readable ones',
    (_, theme) => {
      const readable = readablePrismTheme(theme);
      const background = readable.plain.backgroundColor!;
      for (const entry of readable.styles) {
        if (entry.style.color) {
          expect(
            contrastRatio(entry.style.color, background),
            entry.types.join(','),
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
      const untouched = theme.styles.find(
        (entry) => entry.style.color && contrastRatio(entry.style.color, background) >= 4.5,
      )!;
      expect(readable.styles[theme.styles.indexOf(untouched)]!.style.color).toBe(
        untouched.style.color,
      );
    },
  );
});
