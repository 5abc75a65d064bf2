import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Plugin } from 'vite';

/**
 * What the page-weight bench's bytes are made of (issue 15), for deciding the next lever: builds the app
 * as `npm run build` does into a directory of its own and prints, for each chunk whose file name matches
 * the argument (all by default), its brotli size and the packages or source folders its code comes
 * from (each part as rendered before minification and compressed on its own: larger than its share of
 * the chunk, but in the same order). With `--why <module>`, it prints the shortest static import chain from the entry
 * (or from the module given by `--from`) to that module: why it is in a chunk a page loads.
 *
 *   npx tsx tests/bench/chunk-weight.ts initial
 *   npx tsx tests/bench/chunk-weight.ts --why libphonenumber-js/index --from features/results/ResultsFrame
 *
 * Which chunks a page loads: the page-weight bench's pages in Chromium (tests/bench/page-weight.ts).
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args.splice(index, 2)[1] : undefined;
};
const why = option('--why');
const from = option('--from') ?? 'src/web/main.tsx';
const chunkPattern = new RegExp(args[0] ?? '.');

const importers = new Map<string, string[]>();
const graphOf = (): Plugin => ({
  name: 'chunk-weight:graph',
  generateBundle() {
    for (const id of this.getModuleIds()) importers.set(id, [...(this.getModuleInfo(id)?.importers ?? [])]);
  },
});

const outDir = mkdtempSync(join(tmpdir(), 'vuelos-chunk-weight-'));
const brotli = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const origin = (id: string | null) => {
  if (!id) return '(generated)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return dependency ? dependency[1]! : id.replace(`${process.cwd()}/`, '').split('/').slice(0, 3).join('/');
};

try {
  const output = await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true }, plugins: [graphOf()] });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : [])).filter((item) => item.type === 'chunk');
  if (why) {
    const short = (id: string) => id.replace(`${process.cwd()}/`, '');
    for (const target of [...importers.keys()].filter((id) => id.includes(why)).slice(0, 3)) {
      // Breadth-first up the importers, so the chain found is a shortest one.
      const next = new Map<string, string | null>([[target, null]]);
      const queue = [target];
      let start: string | undefined;
      while (queue.length > 0 && !start) {
        const id = queue.shift()!;
        if (id.includes(from)) start = id;
        for (const importer of importers.get(id) ?? []) {
          if (next.has(importer)) continue;
          next.set(importer, id);
          queue.push(importer);
        }
      }
      const chain: string[] = [];
      for (let id: string | null | undefined = start; id; id = next.get(id)) chain.push(short(id));
      console.info(start ? chain.join('\n  → ') : `${short(target)}: not imported statically from ${from}`, '\n');
    }
  } else {
    for (const chunk of chunks.filter((item) => chunkPattern.test(item.fileName)).sort((a, b) => b.code.length - a.code.length)) {
      const parts = new Map<string, string>();
      for (const [id, module] of Object.entries(chunk.modules)) {
        const key = origin(id.startsWith('\0') ? null : id);
        parts.set(key, (parts.get(key) ?? '') + (module.code ?? ''));
      }
      console.info(`${chunk.fileName}: ${kb(chunk.code.length).trim()} KB, brotli ${kb(brotli(chunk.code)).trim()} KB`);
      for (const [key, text] of [...parts].sort((a, b) => b[1].length - a[1].length).slice(0, 15)) console.info(`  ${kb(text.length)} KB ${kb(brotli(text))} KB br  ${key}`);
    }
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
