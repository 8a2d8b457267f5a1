import { TYPST_LIB } from './lib.generated';

/**
 * The fixed Typst program. It is the same for every template: the template and the record both
 * arrive as `/data.json` (the view model), so one warm compiler serves every document and only
 * the data file changes between records.
 */
export const PROGRAM_FILES: Record<string, string> = {
  '/quire/lib.typ': TYPST_LIB,
  '/main.typ': '#import "/quire/lib.typ": q-document\n#q-document(json("/data.json"))\n',
  // Renders one image alone, to find which image of a failed document does not decode.
  '/probe.typ': '#let d = json("/probe.json")\n#image(d.path)\n',
};
