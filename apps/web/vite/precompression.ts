import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compresserBrotli = promisify(brotliCompress);
const compresserGzip = promisify(gzip);

/** The built files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a `.br` and a `.gz` beside each text file of the build, at the highest levels: the server
 * sends them as they are (@fastify/static `preCompressed`), so no request pays for compressing and
 * the assets get Brotli's best ratio, too slow to run per request (docs/performance.md « Application web »).
 * A file whose copies are at least as new as it is left alone: the second build into the same folder (the residents'
 * pages) compresses only its own files, and a file a build has written again gets fresh copies.
 */
export function precompresser(): Plugin {
  let dossier = '';
  return {
    name: 'debarras:precompression',
    apply: 'build',
    configResolved(config) {
      dossier = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const fichiers = await readdir(dossier, { recursive: true, withFileTypes: true });
      await Promise.all(
        fichiers
          .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
          .map(async (f) => {
            const chemin = path.join(f.parentPath, f.name);
            const [source, copie] = await Promise.all([stat(chemin), stat(`${chemin}.br`).catch(() => undefined)]);
            // not its mere presence: a build into a folder it did not empty may have rewritten the file (index.html
            // keeps its name), and the server would send the old copy
            if (copie && copie.mtimeMs >= source.mtimeMs) return;
            const contenu = await readFile(chemin);
            const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: contenu.length } };
            await Promise.all([
              writeFile(`${chemin}.br`, await compresserBrotli(contenu, brotli)),
              writeFile(`${chemin}.gz`, await compresserGzip(contenu, { level: 9 })),
            ]);
          }),
      );
    },
  };
}
