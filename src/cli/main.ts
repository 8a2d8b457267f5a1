// Entry of the `quire` command. Run through scripts/quire.mjs (`npx quire …`, `npm run quire -- …`), which bundles it.
import { runCli } from './run';

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
