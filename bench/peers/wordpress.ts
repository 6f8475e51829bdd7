/**
 * WordPress as Debian ships it (`apt-get install wordpress`, 6.1), served by Debian's nginx and
 * PHP-FPM 8.2 (opcache on, as Debian enables it) from a MariaDB of Debian's, all started by the
 * bench on 127.0.0.1 with their configuration and data under `.bench/peers/wordpress`. A stock
 * install: the default theme (Twenty Twenty-Three), no page cache plugin.
 *
 * Debian's `/usr/share/wordpress/wp-config.php` reads `/etc/wordpress/config-<name>.php`, with
 * the name from the `WORDPRESS_CONFIG` server variable: the bench writes one such file,
 * `config-inkwell-bench.php`, whose only line loads `.bench/peers/wordpress/wp-config.php`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { chown } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, stopProcess } from '../processes';
import type { PeerPost } from './content';
import {
  aptInstall,
  CookieJar,
  checkAlive,
  type Daemon,
  PEERS_DIR,
  progress,
  run,
  startDaemon,
  waitForHttp,
} from './install';

/** Debian's packages: WordPress, its web server, PHP (FPM, MySQL, GD for the cover's sizes). */
export const WORDPRESS_PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentythree',
  'nginx',
  'php-fpm',
  'php-mysql',
  'php-gd',
  'php-curl',
  'php-xml',
  'php-mbstring',
  'php-intl',
  'mariadb-server',
];

const DIR = path.join(PEERS_DIR, 'wordpress');
const RUN_DIR = path.join(DIR, 'run');
const DATA_DIR = path.join(DIR, 'mysql');
const CONTENT_DIR = path.join(DIR, 'wp-content');
const MYSQL_SOCKET = path.join(RUN_DIR, 'mysqld.sock');
const FPM_SOCKET = path.join(RUN_DIR, 'php-fpm.sock');
const SEEDED_FILE = path.join(DIR, 'seeded.json');
const DEBIAN_CONFIG = '/etc/wordpress/config-inkwell-bench.php';
const SEED_SCRIPT = path.join(ROOT, 'bench/peers/wordpress-seed.php');

const DB_NAME = 'wordpress';
const DB_USER = 'wordpress';
const DB_PASSWORD = 'inkwell-bench-wordpress';
const ADMIN_PASSWORD = 'inkwell-bench-admin';

/** The member: a subscriber, as a reader who signed up gets. */
export const WORDPRESS_MEMBER = {
  login: 'bench-reader',
  password: 'inkwell-bench-reader',
  name: 'Bench Reader',
  email: 'bench-reader@example.com',
} as const;

/** A running WordPress. */
export interface WordPressHandle {
  baseUrl: string;
  version: string;
  daemons: Daemon[];
}

/** The PHP-FPM binary of Debian's PHP (php-fpm8.2 on Debian 12). */
function phpFpmBinary(): string {
  for (const version of ['8.4', '8.3', '8.2']) {
    const binary = `/usr/sbin/php-fpm${version}`;
    if (existsSync(binary)) return binary;
  }
  throw new Error('No /usr/sbin/php-fpm8.x after installing php-fpm');
}

/** WordPress's version, from the installed files. */
function wordpressVersion(): string {
  const source = readFileSync('/usr/share/wordpress/wp-includes/version.php', 'utf8');
  return /\$wp_version = '([^']+)'/.exec(source)?.[1] ?? 'unknown';
}

/** The configuration files, written each run (cheap, and a changed port takes effect). */
function writeConfig(port: number): void {
  for (const dir of [RUN_DIR, CONTENT_DIR, path.join(CONTENT_DIR, 'themes')]) {
    mkdirSync(dir, { recursive: true });
  }
  const theme = path.join(CONTENT_DIR, 'themes/twentytwentythree');
  if (!existsSync(theme)) {
    symlinkSync('/usr/share/wordpress/wp-content/themes/twentytwentythree', theme);
  }
  mkdirSync(path.join(CONTENT_DIR, 'uploads'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  writeFileSync(
    path.join(DIR, 'wp-config.php'),
    `<?php
// The bench's WordPress (bench/peers/wordpress.ts); loaded by ${DEBIAN_CONFIG}.
define('DB_NAME', '${DB_NAME}');
define('DB_USER', '${DB_USER}');
define('DB_PASSWORD', '${DB_PASSWORD}');
define('DB_HOST', 'localhost:${MYSQL_SOCKET}');
define('WP_CONTENT_DIR', '${CONTENT_DIR}');
define('WP_CONTENT_URL', '${baseUrl}/wp-content');
define('WP_HOME', '${baseUrl}');
define('WP_SITEURL', '${baseUrl}');
// Cron runs inside page requests on a stock install; the measured pages should not pay for a
// backlog the seed left, so it is off during the bench (one fewer variable, said in the README).
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
`,
  );
  writeFileSync(DEBIAN_CONFIG, `<?php require '${path.join(DIR, 'wp-config.php')}';\n`);
  writeFileSync(
    path.join(DIR, 'php-fpm.conf'),
    `; The bench's PHP-FPM: Debian's www pool defaults (pool.d/www.conf), its own socket.
[global]
pid = ${RUN_DIR}/php-fpm.pid
error_log = ${PEERS_DIR}/logs/php-fpm-errors.log

[www]
user = www-data
group = www-data
listen = ${FPM_SOCKET}
listen.owner = www-data
listen.group = www-data
listen.mode = 0660
pm = dynamic
pm.max_children = 5
pm.start_servers = 2
pm.min_spare_servers = 1
pm.max_spare_servers = 3
`,
  );
  writeFileSync(
    path.join(DIR, 'nginx.conf'),
    `# The bench's nginx: Debian's nginx.conf defaults, one server on 127.0.0.1:${port}.
user www-data;
worker_processes auto;
pid ${RUN_DIR}/nginx.pid;
error_log ${PEERS_DIR}/logs/nginx-errors.log;
daemon off;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  gzip on;
  client_body_temp_path ${RUN_DIR}/client-body;
  fastcgi_temp_path ${RUN_DIR}/fastcgi;
  proxy_temp_path ${RUN_DIR}/proxy;
  uwsgi_temp_path ${RUN_DIR}/uwsgi;
  scgi_temp_path ${RUN_DIR}/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name 127.0.0.1;
    root /usr/share/wordpress;
    index index.php;
    location /wp-content/ { alias ${CONTENT_DIR}/; }
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ {
      # Debian's snippets/fastcgi-php.conf, with absolute paths (this file is not in /etc/nginx).
      fastcgi_split_path_info ^(.+?\\.php)(/.*)$;
      try_files $fastcgi_script_name =404;
      set $path_info $fastcgi_path_info;
      fastcgi_param PATH_INFO $path_info;
      fastcgi_index index.php;
      include /etc/nginx/fastcgi.conf;
      fastcgi_param WORDPRESS_CONFIG inkwell-bench;
      fastcgi_pass unix:${FPM_SOCKET};
    }
  }
}
`,
  );
}

/** Runs SQL as MariaDB's root (unix socket). */
async function sql(statement: string): Promise<void> {
  await run('MariaDB', 'mariadb', ['--socket', MYSQL_SOCKET, '-uroot', '-e', statement], {
    logName: 'wordpress-mariadb-client',
  });
}

/** Starts the bench's own MariaDB (socket only, no TCP port); creates its data the first time. */
async function startMariaDb(): Promise<Daemon> {
  if (!existsSync(path.join(DATA_DIR, 'mysql'))) {
    progress('MariaDB: creating its data directory (.bench/peers/wordpress/mysql)');
    mkdirSync(DATA_DIR, { recursive: true });
    try {
      // --no-defaults: Debian's my.cnf runs its own server as mysql, logging to /var/log/mysql.
      await run(
        'mariadb-install-db',
        'mariadb-install-db',
        [
          '--no-defaults',
          `--datadir=${DATA_DIR}`,
          '--user=root',
          '--skip-test-db',
          '--auth-root-authentication-method=socket',
        ],
        { logName: 'wordpress-mariadb-install' },
      );
    } catch (error) {
      rmSync(DATA_DIR, { recursive: true, force: true });
      throw error;
    }
  }
  const daemon = startDaemon('wordpress-mariadb', 'mariadbd', [
    '--no-defaults',
    `--datadir=${DATA_DIR}`,
    `--socket=${MYSQL_SOCKET}`,
    `--pid-file=${RUN_DIR}/mysqld.pid`,
    '--skip-networking',
    '--user=root',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_general_ci',
  ]);
  for (let i = 0; i < 240 && !existsSync(MYSQL_SOCKET); i++) {
    checkAlive(daemon);
    await sleep(250);
  }
  if (!existsSync(MYSQL_SOCKET)) throw new Error(`MariaDB made no socket at ${MYSQL_SOCKET}`);
  // The socket appears a moment before connections are taken: retry the first statement.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql(
        `CREATE DATABASE IF NOT EXISTS ${DB_NAME}; ` +
          `CREATE USER IF NOT EXISTS '${DB_USER}'@'localhost' IDENTIFIED BY '${DB_PASSWORD}'; ` +
          `GRANT ALL ON ${DB_NAME}.* TO '${DB_USER}'@'localhost';`,
      );
      return daemon;
    } catch (error) {
      if (attempt >= 20) throw error;
      checkAlive(daemon);
      await sleep(500);
    }
  }
}

/** Runs the PHP side (wordpress-seed.php) and returns its JSON answer. */
async function php<T>(args: string[], logName: string): Promise<T> {
  const out = path.join(RUN_DIR, `${logName}.json`);
  await run(
    `php wordpress-seed.php ${args[0]}`,
    'sh',
    ['-c', `php "$0" "$@" > ${JSON.stringify(out)}`, SEED_SCRIPT, ...args],
    { logName, cwd: DIR },
  );
  return JSON.parse(readFileSync(out, 'utf8').trim().split('\n').pop() ?? 'null') as T;
}

/** Installs the packages if missing, starts MariaDB, PHP-FPM and nginx, seeds once. */
export async function startWordPress(
  port: number,
  posts: PeerPost[],
  coverFile: string | null,
): Promise<WordPressHandle> {
  await aptInstall(WORDPRESS_PACKAGES);
  // Debian starts the services it installs: the bench runs its own, on its own sockets and port.
  writeConfig(port);
  const daemons: Daemon[] = [];
  try {
    daemons.push(await startMariaDb());
    await chown(CONTENT_DIR, 33, 33).catch(() => undefined);
    await run(
      'uploads folder',
      'chown',
      ['-R', 'www-data:www-data', path.join(CONTENT_DIR, 'uploads')],
      {
        logName: 'wordpress-setup',
      },
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await seedOnce(baseUrl, posts, coverFile);
    const fpm = startDaemon('wordpress-php-fpm', phpFpmBinary(), [
      '--nodaemonize',
      '--fpm-config',
      path.join(DIR, 'php-fpm.conf'),
    ]);
    daemons.push(fpm);
    for (let i = 0; i < 80 && !existsSync(FPM_SOCKET); i++) {
      checkAlive(fpm);
      await sleep(250);
    }
    daemons.push(
      startDaemon('wordpress-nginx', '/usr/sbin/nginx', ['-c', path.join(DIR, 'nginx.conf')]),
    );
    await waitForHttp(`${baseUrl}/`, daemons);
    return { baseUrl, version: wordpressVersion(), daemons };
  } catch (error) {
    await stopDaemons(daemons);
    throw error;
  }
}

/** Installs WordPress and seeds its posts and member, unless an earlier run did with as many posts. */
async function seedOnce(
  baseUrl: string,
  posts: PeerPost[],
  coverFile: string | null,
): Promise<void> {
  const seeded = existsSync(SEEDED_FILE)
    ? (JSON.parse(readFileSync(SEEDED_FILE, 'utf8')) as { posts: number; url: string })
    : null;
  if (seeded && seeded.posts === posts.length && seeded.url === baseUrl) {
    progress(
      `WordPress: ${seeded.posts} posts seeded by an earlier run (delete ${path.relative(ROOT, SEEDED_FILE)} to seed again)`,
    );
    return;
  }
  if (seeded) {
    progress('WordPress: the earlier seed differs: emptying the database');
    await sql(`DROP DATABASE IF EXISTS ${DB_NAME}; CREATE DATABASE ${DB_NAME};`);
  }
  progress('WordPress: installing the site (wp_install)');
  await php(['install', baseUrl, ADMIN_PASSWORD], 'wordpress-install');
  const file = path.join(RUN_DIR, 'posts.json');
  writeFileSync(file, JSON.stringify(posts));
  progress(`WordPress: seeding ${posts.length} posts with wp_insert_post`);
  const started = performance.now();
  const result = await php<{ posts: number; total: number }>(
    ['seed', file, ...(coverFile ? [coverFile] : [])],
    'wordpress-seed',
  );
  if (result.total !== posts.length) {
    throw new Error(
      `WordPress holds ${result.total} published posts after the seed, not ${posts.length}`,
    );
  }
  const member = WORDPRESS_MEMBER;
  await php(
    ['member', member.login, member.password, member.name, member.email],
    'wordpress-member',
  );
  progress(`WordPress: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(SEEDED_FILE, JSON.stringify({ posts: posts.length, url: baseUrl }));
}

/** Logs the member in through wp-login.php as a browser does; returns their `Cookie` header. */
export async function logInWordPressMember(baseUrl: string): Promise<string> {
  const jar = new CookieJar();
  // wp-login.php refuses a login without its test cookie (a browser gets it from the form).
  const form = await fetch(`${baseUrl}/wp-login.php`);
  jar.take(form);
  await form.arrayBuffer();
  const response = await fetch(`${baseUrl}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({
      log: WORDPRESS_MEMBER.login,
      pwd: WORDPRESS_MEMBER.password,
      'wp-submit': 'Log In',
      redirect_to: `${baseUrl}/`,
      testcookie: '1',
    }),
  });
  await response.arrayBuffer();
  jar.take(response);
  const loggedIn = [...jar.cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_'));
  if (response.status !== 302 || !loggedIn) {
    throw new Error(
      `POST /wp-login.php as ${WORDPRESS_MEMBER.login} answered ${response.status} without a ` +
        'wordpress_logged_in_* cookie',
    );
  }
  return jar.header();
}

/**
 * Why `html` is not the WordPress member's page, or null when it is: the `logged-in` body class
 * and the toolbar greeting them by name.
 */
export function notWordPressMembersPage(html: string): string | null {
  const problems: string[] = [];
  if (!/<body[^>]*class="[^"]*\blogged-in\b/.test(html)) problems.push('no logged-in body class');
  if (!html.includes('id="wpadminbar"')) problems.push('no toolbar');
  if (!html.includes(`<span class="display-name">${WORDPRESS_MEMBER.name}</span>`)) {
    problems.push(`no "${WORDPRESS_MEMBER.name}" in the toolbar`);
  }
  return problems.length === 0 ? null : problems.join(', ');
}

/** Stops the daemons, last started first (nginx, PHP-FPM, then MariaDB). */
export async function stopDaemons(daemons: Daemon[]): Promise<void> {
  for (const daemon of [...daemons].reverse()) await stopProcess(daemon.child, 15_000);
}
