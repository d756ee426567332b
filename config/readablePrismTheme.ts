import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code themes ship token colours that fall below WCAG AA contrast on their own background (the
 * GitHub theme's comments are 2.7:1, Dracula's 3.0:1). This nudges each too-faint colour towards
 * black or white, whichever the background is farther from, until it reaches the ratio.
 */
type Rgb = [number, number, number];

function parseColor(value: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits =
      hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return [0, 2, 4].map((offset) => parseInt(digits.slice(offset, offset + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
  if (rgb) {
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  }
  const hsl = /^hsla?\(\s*([\d.]+)[\s,]+([\d.]+)%[\s,]+([\d.]+)%/i.exec(value);
  if (hsl) {
    const [h, s, l] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100];
    const k = (n: number) => (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const channel = (n: number) =>
      Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
    return [channel(0), channel(8), channel(4)];
  }
  throw new Error(`readablePrismTheme: cannot read the colour "${value}"`);
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(parseColor(a)), luminance(parseColor(b))].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function readable(color: string, background: string, minRatio: number): string {
  if (contrastRatio(color, background) >= minRatio) {
    return color;
  }
  const target: Rgb = luminance(parseColor(background)) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const start = parseColor(color);
  for (let step = 1; step <= 20; step += 1) {
    const mixed = start.map(
      (channel, index) => channel + ((target[index]! - channel) * step) / 20,
    ) as Rgb;
    if (contrastRatio(toHex(mixed), background) >= minRatio) {
      return toHex(mixed);
    }
  }
  return toHex(target);
}

export function readablePrismTheme(theme: PrismTheme, minRatio = 4.5): PrismTheme {
  const background = theme.plain.backgroundColor!;
  return {
    plain: {...theme.plain, color: readable(theme.plain.color!, background, minRatio)},
    styles: theme.styles.map((entry) =>
      entry.style.color
        ? {
            ...entry,
            style: {...entry.style, color: readable(entry.style.color, background, minRatio)},
          }
        : entry,
    ),
  };
}
