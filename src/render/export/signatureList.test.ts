/**
 * The document's signature list (#31) in the Word, Excel and PowerPoint exports: the approval-form
 * fixture exported with a Manager and a Finance signature and without any. The body prints the
 * approvers too, so each test checks what the list adds: its labels, each signer's name once more
 * and one image each. Word and Excel files are read back by python-docx and
 * openpyxl (Debian's), not by our code; PowerPoint by its slide XML; Excel's images by its drawing part.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareOutputTemplate, renderOutput } from '../outputs/render';

const ROOT = new URL('../../../', import.meta.url).pathname;
const fixture = (name: string) => JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/approval-form', name), 'utf8'));
const env = { typst: () => Promise.reject(new Error('an export typesets nothing')) };
const dir = mkdtempSync(join(tmpdir(), 'quire-signature-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const data = fixture('data.json') as { signatureByNode: Record<string, { name: string }> };
const SIGNERS = ['Manager', 'Finance'].map((node) => ({ node, name: data.signatureByNode[node]!.name }));

/** The fixture exported with its signature list (labels made unique to it), or with none. */
async function exported(format: 'docx' | 'xlsx' | 'pptx', withList = true): Promise<string> {
  const template = fixture('template.json');
  template.document.signatureList = withList
    ? SIGNERS.map(({ node }) => ({ id: `sig-${node}`, key: node, grouping: 'node', label: `Signed for ${node}` }))
    : [];
  const file = await renderOutput(prepareOutputTemplate(template), { kind: 'data', data }, env, { format });
  const path = join(dir, `approval-${withList ? 'list' : 'none'}.${format}`);
  writeFileSync(path, file.bytes);
  return path;
}

/** How often a text occurs (the body prints the approvers too: the list must add to that). */
const count = (text: string, part: string) => text.split(part).length - 1;

const python = (script: string, path: string) =>
  JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, path], { encoding: 'utf8' })) as {
    text: string;
    images: number;
    /** Excel: the text of the cell each image is anchored in. */
    cells: string[];
  };

describe('the signature list in the Office exports', () => {
  it('Word: python-docx finds every label, each signer once more and an image each', async () => {
    const script = `import docx, json, sys
d = docx.Document(sys.argv[1])
texts = [p.text for p in d.paragraphs]
def walk(tables):
    for t in tables:
        for row in t.rows:
            for cell in row.cells:
                texts.extend(p.text for p in cell.paragraphs)
                walk(cell.tables)
walk(d.tables)
images = len(d.element.body.xpath('.//a:blip'))
print(json.dumps({'text': '\\n'.join(texts), 'images': images}))`;
    const listed = python(script, await exported('docx'));
    const bare = python(script, await exported('docx', false));
    for (const { node, name } of SIGNERS) {
      expect(listed.text).toContain(`Signed for ${node}`);
      expect(count(listed.text, name)).toBe(count(bare.text, name) + 1);
    }
    expect(listed.images - bare.images).toBe(SIGNERS.length);
  }, 60_000);

  it('Excel: openpyxl finds every label and each signer once more, and a signature image in each signer’s cell', async () => {
    // Debian's openpyxl drops images without Pillow, so the drawing part is read as the file stores it.
    const script = `import openpyxl, json, sys, zipfile, re
wb = openpyxl.load_workbook(sys.argv[1])
texts = [str(c.value) for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.value is not None]
archive = zipfile.ZipFile(sys.argv[1])
drawing = archive.read('xl/drawings/drawing1.xml').decode() if 'xl/drawings/drawing1.xml' in archive.namelist() else ''
anchors = re.findall(r'<xdr:from><xdr:col>(\\d+)</xdr:col><xdr:colOff>-?\\d+</xdr:colOff><xdr:row>(\\d+)</xdr:row>', drawing)
cells = [str(wb.worksheets[0].cell(int(r) + 1, int(c) + 1).value) for c, r in anchors]
print(json.dumps({'text': '\\n'.join(texts), 'images': len(anchors), 'cells': cells}))`;
    const listed = python(script, await exported('xlsx'));
    const bare = python(script, await exported('xlsx', false));
    for (const { node, name } of SIGNERS) {
      expect(listed.text).toContain(`Signed for ${node}`);
      expect(count(listed.text, name)).toBe(count(bare.text, name) + 1);
    }
    expect(listed.images - bare.images).toBe(SIGNERS.length);
    for (const { node } of SIGNERS)
      expect(listed.cells.filter((cell) => cell.includes(`Signed for ${node}`))).toHaveLength(1);
  }, 60_000);

  it('PowerPoint: the slides hold every label, each signer once more and an image each', async () => {
    const read = async (withList: boolean) => {
      const files = unzipSync(readFileSync(await exported('pptx', withList)));
      const text = Object.entries(files)
        .filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map(([, bytes]) => strFromU8(bytes))
        .join('\n');
      return { text, images: Object.keys(files).filter((name) => name.startsWith('ppt/media/')).length };
    };
    const [listed, bare] = [await read(true), await read(false)];
    for (const { node, name } of SIGNERS) {
      expect(listed.text).toContain(`>Signed for ${node}<`);
      expect(count(listed.text, `>${name}<`)).toBe(count(bare.text, `>${name}<`) + 1);
    }
    expect(listed.images - bare.images).toBe(SIGNERS.length);
  }, 60_000);
});
