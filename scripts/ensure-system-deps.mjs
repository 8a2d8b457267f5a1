#!/usr/bin/env node
// Browser and rendering tests need Debian's Chromium and poppler-utils (pdftotext, pdftoppm);
// the Office tests open Quire's files in LibreOffice (headless).
// Installs them with apt-get when running as root; otherwise says exactly what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  { pkg: 'chromium', present: existsSync('/usr/bin/chromium') },
  { pkg: 'poppler-utils', present: existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm') },
  {
    pkg: 'libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui',
    present: existsSync('/usr/bin/soffice'),
  },
];
const missing = needed.filter((n) => !n.present).map((n) => n.pkg);
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
if (process.getuid?.() === 0) {
  console.log(`Installing system packages: ${missing.join(', ')}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
} else {
  console.error(
    `Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo ${command.replace('&& ', '&& sudo ')}`,
  );
  process.exit(1);
}
