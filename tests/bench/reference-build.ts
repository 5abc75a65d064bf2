import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The reference build every timing is also reported against (issue 38): a shared, noisy machine moves a
 * figure, but it moves the reference measured in the same run alike, so the ratio holds elsewhere.
 *
 * The reference is the release before issue 38's work, b2c1579 (the build the issue's independent
 * measurement compared with); BENCH_REFERENCE names another commit. It is checked out in a temporary
 * worktree (git worktree add), installed and built once, and kept there for the next run.
 */
export const REFERENCE_COMMIT = process.env.BENCH_REFERENCE ?? 'b2c1579';

const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

export interface ReferenceBuild {
  commit: string;
  dir: string;
}

/** The reference's worktree, with its packages installed and, with `web`, its web app built into dist/web. */
export function referenceBuild({ web }: { web: boolean }): ReferenceBuild {
  const repository = process.cwd();
  const commit = execFileSync('git', ['rev-parse', '--short', `${REFERENCE_COMMIT}^{commit}`], { cwd: repository }).toString().trim();
  const dir = join(tmpdir(), `vuelos-reference-${commit}`);
  if (!existsSync(join(dir, 'package.json'))) {
    execFileSync('git', ['worktree', 'prune'], { cwd: repository });
    run('git', ['worktree', 'add', '--detach', '--force', dir, commit], repository);
  }
  // Written once an install has finished: npm leaves its own lock file behind a failed or interrupted install too.
  const installed = join(dir, 'node_modules', '.vuelos-reference-installed');
  if (!existsSync(installed)) {
    // An older lock file may fall out of step with the npm here: install from package.json then.
    try {
      run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    } catch {
      run('npm', ['install', '--no-audit', '--no-fund'], dir);
    }
    writeFileSync(installed, `${commit}\n`);
  }
  if (web && !existsSync(join(dir, 'dist', 'web', 'index.html'))) run('npm', ['run', 'build'], dir);
  return { commit, dir };
}

/** A figure's ratio to the reference's, to two decimals (above 1: slower or larger than the reference). */
export const ratioTo = (figure: number, reference: number) => Number((figure / reference).toFixed(2));
