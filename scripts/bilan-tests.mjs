// Adds up the JSON reports that every vitest run writes under CI (vitest.config.ts) and prints
// one plain closing line, "N passed, N failed", for the whole CI run.
import { readdirSync, readFileSync } from 'node:fs';

const dossier = new URL('../test-results/', import.meta.url);
let reussis = 0;
let echoues = 0;
let ignores = 0;
for (const fichier of readdirSync(dossier).filter((f) => /^vitest-.*\.json$/.test(f))) {
  const rapport = JSON.parse(readFileSync(new URL(fichier, dossier), 'utf8'));
  reussis += rapport.numPassedTests;
  echoues += rapport.numFailedTests;
  ignores += rapport.numPendingTests + rapport.numTodoTests;
}
console.log(`tests: ${reussis} passed, ${echoues} failed, ${ignores} skipped`);
process.exitCode = echoues > 0 || reussis === 0 ? 1 : 0;
