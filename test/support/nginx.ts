/**
 * Debian's nginx as the tests run it: its own prefix folder (config, pid, logs, temp files), on a
 * free loopback port, with TLS from a certificate made at test time, and the configuration of
 * docs/hosting.md with this run's ports and paths put in. Node only.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './bridge-tab.js';

/** Where Debian puts nginx (`apt-get install nginx-light`). */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export { freePort } from './free-port.mjs';

/** A self-signed certificate for `localhost`, and what Chromium needs to trust it alone. */
export interface Certificate {
  readonly cert: string;
  readonly key: string;
  /** The base64 SHA-256 of its public key, for `--ignore-certificate-errors-spki-list`. */
  readonly spki: string;
  readonly pem: Buffer;
}

/** Make a certificate for `localhost` in `dir` with openssl. */
export function makeCertificate(dir: string): Certificate {
  const cert = join(dir, 'localhost.crt');
  const key = join(dir, 'localhost.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pem = readFileSync(cert);
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return { cert, key, spki: createHash('sha256').update(der).digest('base64'), pem };
}

/** A `lang` block of docs/hosting.md under `heading` (the first one there). */
export function hostingBlock(heading: string, lang: string): string {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/hosting.md', import.meta.url)), 'utf8');
  const start = doc.indexOf(`\n## ${heading}\n`);
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const block = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1];
  if (start < 0 || block === undefined)
    throw new Error(`docs/hosting.md has no ${lang} block under "${heading}".`);
  return block;
}

/** Replace each `from` in `text`, failing when one is not there (the guide changed). */
export function substitute(text: string, replacements: Readonly<Record<string, string>>): string {
  let result = text;
  for (const [from, to] of Object.entries(replacements)) {
    if (!result.includes(from)) throw new Error(`docs/hosting.md no longer says "${from}".`);
    result = result.replaceAll(from, to);
  }
  return result;
}

/** The guide's nginx configuration with this run's address, certificate and bridge ports. */
export function guideConfig(port: number, certificate: Certificate, bridges: readonly number[]): string {
  return substitute(hostingBlock('nginx', 'nginx'), {
    'listen 443 ssl;': `listen 127.0.0.1:${port} ssl;`,
    'server_name dev.example;': 'server_name localhost;',
    '/etc/ssl/private/dev.example.key': certificate.key,
    '/etc/ssl/certs/dev.example.crt': certificate.cert,
    '127.0.0.1:5301': `127.0.0.1:${bridges[0] ?? 0}`,
    '127.0.0.1:5302': `127.0.0.1:${bridges[1] ?? 0}`,
  });
}

/** A running nginx. */
export interface Nginx {
  readonly port: number;
  /** Its access log as it stands. */
  accessLog(): string;
  /** `nginx -s reload`, once the new workers answer. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** Start nginx in `dir` on `port` with `http` as the body of its `http` block. */
export async function startNginx(dir: string, port: number, http: string): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error(`There is no nginx at ${NGINX}: apt-get install -y nginx-light (.ci/run does).`);
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const temp = join(dir, 'temp');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} notice;
events { worker_connections 1024; }
http {
  access_log ${join(dir, 'logs', 'access.log')};
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${http}
}
`,
  );
  const args = ['-p', dir, '-c', conf];
  // Root's workers would run as nobody, who cannot write the temp folder here.
  const user = process.getuid?.() === 0 ? ['-g', 'daemon off; user root;'] : ['-g', 'daemon off;'];
  const child: ChildProcess = spawn(NGINX, [...args, ...user], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(
    'nginx to listen',
    () => {
      if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
      return existsSync(join(dir, 'nginx.pid')) ? true : undefined;
    },
    10_000,
  );
  const log = join(dir, 'logs', 'access.log');
  return {
    port,
    accessLog: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    reload: async () => {
      execFileSync(NGINX, [...args, '-s', 'reload'], { stdio: 'ignore' });
      // The new workers are up once the error log says the reload was taken.
      await until('the reload', () =>
        readFileSync(join(dir, 'logs', 'error.log'), 'utf8').includes('reconfiguring') ? true : undefined,
      );
    },
    close: async () => {
      child.kill('SIGQUIT');
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
