import { describe, expect, it } from 'vitest';
import { approvalCommand } from './approval';

const dir = 'tests/fixtures/approval';

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await approvalCommand.run(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('quire approval', () => {
  it('prints form and system variables as JSON', async () => {
    const { code, out } = await run(
      '--definition',
      `${dir}/leave.definition.json`,
      '--instance',
      `${dir}/leave.instance.json`,
    );
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.lang).toBe('ja-JP');
    expect(json.form.Leave.value.type).toBe('Annual leave');
    expect(json.system.applicant).toEqual({ label: '申請者', value: 'Tanaka Yui' });
  });

  it('honours --lang, --scope and --display', async () => {
    const { out } = await run(
      '--definition',
      `${dir}/reimbursement.definition.json`,
      '--instance',
      `${dir}/reimbursement.instance.json`,
      '--lang',
      'zh-CN',
      '--scope',
      '--display',
    );
    const scope = JSON.parse(out);
    expect(scope.报销总额).toBe('¥1,234.50');
    expect(scope.status).toBe('已通过');
  });

  it('prints a data source with --datasource, and previews without an instance', async () => {
    const { out } = await run('--definition', `${dir}/reimbursement.definition.json`, '--datasource');
    expect(JSON.parse(out).groups.map((g: { name: string }) => g.name)).toEqual(['form', 'system']);
    const preview = JSON.parse((await run('--definition', `${dir}/reimbursement.definition.json`)).out);
    expect(preview.form.Route_map.value).toBe('not support');
  });

  it('explains its usage without --definition', async () => {
    const { code, err } = await run();
    expect(code).toBe(2);
    expect(err).toContain('--definition');
  });

  it('fails with a catalogued error for a missing file or bad time zone', async () => {
    await expect(run('--definition', `${dir}/nope.json`)).rejects.toMatchObject({ errorName: 'DataInvalid' });
    await expect(run('--definition', `${dir}/leave.definition.json`, '--tz', 'Mars/Base')).rejects.toMatchObject({
      errorName: 'ArgumentRequired',
    });
  });
});
