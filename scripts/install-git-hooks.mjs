// Run by `npm install` (package.json "prepare"): points this clone's git at scripts/git-hooks, so
// that the commit-msg hook keeps subjects short and scoped. Outside a git clone (a tarball, CI's
// `npm ci` in an exported tree) there is nothing to do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

if (fs.existsSync('.git')) {
  try {
    execFileSync('git', ['config', 'core.hooksPath', 'scripts/git-hooks'], { stdio: 'ignore' });
  } catch {
    // git missing: the hook is a help, not a requirement.
  }
}
