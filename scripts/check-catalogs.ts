// Fails when a Spanish message has no translation. `lingui compile --strict` does not catch an empty
// msgstr in a .po catalog, so the test command runs this after `lingui extract --clean`.
import { readFileSync } from 'node:fs';

const catalogPath = process.argv[2] ?? 'src/web/locales/es/messages.po';
const entries = readFileSync(catalogPath, 'utf8').split(/\n\s*\n/);
const untranslated = entries.filter((entry) => {
  const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
  // Long texts span lines: `msgid ""` / `msgstr ""` followed by quoted continuation lines.
  const idContinues = /^msgid ""\n"/m.test(entry);
  const isHeader = id === '' && !idContinues;
  const translation = /^msgstr "(.*)"$/m.exec(entry)?.[1];
  const translationContinues = /^msgstr ""\n"/m.test(entry);
  return id !== undefined && !isHeader && translation === '' && !translationContinues;
});
if (untranslated.length > 0) {
  const firstLine = (entry: string) => /^msgid "(.+)"$/m.exec(entry)?.[1] ?? /^msgid ""\n"(.*)"$/m.exec(entry)?.[1];
  const sample = untranslated.slice(0, 15).map((entry) => `  ${firstLine(entry)}`);
  console.error(`${catalogPath}: ${untranslated.length} message(s) without a Spanish translation:\n${sample.join('\n')}`);
  process.exit(1);
}
console.info(`${catalogPath}: every message is translated (${entries.length - 1} entries).`);
