// Writes src/cli/serve/assets/api.d.ts: the types of what the server
// answers, from the JSON Schemas carca prints (`carca schema KIND`), so that
// the page is type-checked against the server's typed JSON. With `--check`,
// fails when the file written differs from the one in the tree.
//
//   CARCA_BIN=path/to/carca node api-types.mjs [--check]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { compile } from 'json-schema-to-typescript';

const carca = process.env.CARCA_BIN || 'carca';
const out = new URL('../../src/cli/serve/assets/api.d.ts', import.meta.url);
// Each answer the page reads: its schema's kind and its namespace here.
const KINDS = [
  ['board', 'Board'],
  ['score', 'Score'],
  ['compare', 'Compare'],
  ['moves', 'Moves'],
  ['serve-record', 'ServeRecord'],
  ['serve-rulesets', 'ServeRulesets'],
  ['serve-tilesets', 'ServeTilesets'],
  ['serve-initial', 'ServeInitial'],
];

let text = '// The types of what `carca serve` answers, written by tests/browser/api-types.mjs\n'
  + '// from `carca schema KIND`: do not edit; run it again when a schema changes.\n'
  + '// Each namespace holds an answer (`Answer`) and the types it is made of.\n';
for (const [kind, name] of KINDS) {
  const schema = JSON.parse(execFileSync(carca, ['schema', kind], { encoding: 'utf8' }));
  schema.title = 'Answer'; // the namespace names it
  const ts = await compile(schema, 'Answer', { bannerComment: '', additionalProperties: false, format: true, strictIndexSignatures: true });
  text += `\nexport declare namespace ${name} {\n` + ts.trim().split('\n').map((l) => (l ? '  ' + l.replace(/^export /, 'export ') : l)).join('\n') + '\n}\n';
}
if (process.argv.includes('--check')) {
  const now = readFileSync(out, 'utf8');
  if (now !== text) {
    console.error('src/cli/serve/assets/api.d.ts is out of date: run `CARCA_BIN=… node tests/browser/api-types.mjs`');
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
}
