import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import type { BarcodeConfig } from '../../core/model/types';
import { code128Svg, code128Values } from './code128';
import { barcodeSvg, loadBarcodeEncoder, qrSvg } from './codes';

const config: BarcodeConfig = {
  width: 2,
  height: 30,
  align: 'center',
  format: 'CODE128',
  fontSize: 9,
  displayValue: true,
  background: '#ffffff',
  lineColor: '#000000',
  valueType: 'custom',
  value: '',
};

const svgText = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('codes', () => {
  it('draws a QR code as one path, sized in pt from editor px', () => {
    const code = qrSvg('https://example.com/a?b=1', 100);
    expect(code.width).toBe(75);
    const svg = svgText(code.svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    expect(svg.match(/<path /g)).toHaveLength(1);
  });

  it('encodes longer QR texts into more modules', () => {
    const size = (text: string) => Number(/viewBox="0 0 (\d+)/.exec(svgText(qrSvg(text, 100).svg))![1]);
    expect(size('x'.repeat(200))).toBeGreaterThan(size('x'));
  });

  it('draws bar codes at the module width and caches repeated values', () => {
    const a = barcodeSvg('INV-001', config);
    expect(svgText(a.svg)).toContain('<svg');
    expect(barcodeSvg('INV-001', config)).toBe(a);
    expect(barcodeSvg('INV-001', { ...config, width: 4 }).width).toBeGreaterThan(a.width * 1.5);
  });

  it('throws for values the format cannot hold', async () => {
    const ean = { ...config, format: 'EAN13' as const };
    // Before bwip-js is loaded, a code that needs it is refused rather than drawn wrongly.
    expect(() => barcodeSvg('5901234123456', ean)).toThrow(/loadBarcodeEncoder/);
    await loadBarcodeEncoder('letters', ean);
    expect(() => barcodeSvg('letters', ean)).toThrow();
    expect(svgText(barcodeSvg('5901234123457', { ...config, format: 'EAN13' }).svg)).toContain('<svg');
  });

  describe('code 128 without bwip-js', () => {
    const ASCII = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
    // A fixed pseudo-random sequence: the same values every run.
    let seed = 12345;
    const next = (k: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % k;
    };
    const value = () => {
      let s = '';
      const length = 1 + next(18);
      // Half digits, so runs of every length and parity (the code set switches) come up.
      for (let i = 0; i < length; i++) s += next(2) === 0 ? String(next(10)) : ASCII[next(ASCII.length)];
      return s;
    };

    it('writes the same SVG as bwip-js for printable ASCII at any module width and height', () => {
      const fixed = ['INV-2026-00042', '12', '1234', '12345', 'ab12345', '1', 'a', '~', '0000000', 'A1B2C3'];
      let compared = 0;
      for (const scaleX of [1, 2, 3, 1.5, 0.5]) {
        for (const height of [40, 17, 100]) {
          for (let k = 0; k < 24; k++) {
            const text = fixed[k] ?? value();
            const heightMm = (height * 25.4) / 72;
            const options = { paddingwidth: 4, paddingheight: 2, backgroundcolor: 'FFFFFF', barcolor: 'A01B2C' };
            const reference = bwipjs.toSVG({ bcid: 'code128', text, scaleX, scaleY: 1, height: heightMm, ...options });
            const ours = code128Svg(text, {
              scaleX,
              heightMm,
              background: 'FFFFFF',
              bars: 'A01B2C',
              paddingWidth: 4,
              paddingHeight: 2,
            });
            expect(ours, JSON.stringify({ text, scaleX, height })).toBe(reference);
            compared++;
          }
        }
      }
      expect(compared).toBe(360);
    });

    it('switches to code set C for runs of four digits or more, with the check symbol', () => {
      // Start B, "A", code C, 12, 34, check, stop.
      expect(code128Values('A1234')).toEqual([104, 33, 99, 12, 34, (104 + 33 + 99 * 2 + 12 * 3 + 34 * 4) % 103, 106]);
      expect(code128Values('12')[0]).toBe(105);
      expect(code128Values('123')[0]).toBe(104);
    });
  });
});
