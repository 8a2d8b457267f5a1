import { describe, expect, it } from 'vitest';
import type { BarcodeConfig } from '../../core/model/types';
import { barcodeSvg, qrSvg } from './codes';

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

  it('throws for values the format cannot hold', () => {
    expect(() => barcodeSvg('letters', { ...config, format: 'EAN13' })).toThrow();
    expect(svgText(barcodeSvg('5901234123457', { ...config, format: 'EAN13' }).svg)).toContain('<svg');
  });
});
