import { describe, expect, it } from 'vitest';
import { QuireError } from '../core/errors';
import type { CliCommand, CliIO } from './command';
import { parseArgs } from './command';
import { runCli } from './run';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

const failing: CliCommand = {
  name: 'explode',
  summary: 'Always fails with a catalogued error',
  usage: 'explode',
  run: async () => {
    throw new QuireError('TemplateParseError', { issues: [{ path: 'pages[0]', reason: 'Required' }] });
  },
};

describe('quire CLI', () => {
  it('prints help listing every command', async () => {
    const io = capture();
    expect(await runCli([], [failing], io)).toBe(0);
    expect(io.stdout.join('\n')).toContain('explode');
    expect(io.stdout.join('\n')).toContain('Always fails');
  });

  it('prints every help text as JSON for the launcher, the same texts help prints', async () => {
    const io = capture();
    expect(await runCli(['--help-texts'], [failing], io)).toBe(0);
    const texts = JSON.parse(io.stdout.join('')) as Record<string, string>;
    expect(Object.keys(texts)).toEqual(['', 'explode']);
    const help = capture();
    await runCli(['help', 'explode'], [failing], help);
    expect(help.stdout.join('\n')).toBe(texts.explode);
    const odd = capture();
    await runCli(['help', '__proto__'], [failing], odd);
    expect(odd.stdout.join('\n')).toBe(texts['']);
  });

  it('rejects an unknown command with exit code 2', async () => {
    const io = capture();
    expect(await runCli(['nope'], [failing], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain("Unknown command 'nope'");
  });

  it('turns a catalogued error into exit 1 with its code and paths', async () => {
    const io = capture();
    expect(await runCli(['explode'], [failing], io)).toBe(1);
    expect(io.stderr[0]).toMatch(/^E100001 TemplateParseError/);
    expect(io.stderr[1]).toContain('pages[0]: Required');
  });

  it('parses options and switches', () => {
    expect(parseArgs(['a.json', '--data', 'x', '--merge', '--out=o.pdf'], ['merge'])).toEqual({
      positional: ['a.json'],
      options: { data: 'x', merge: true, out: 'o.pdf' },
    });
  });
});
