import { once } from 'node:events';
import { chmod, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore } from '../../storage/file-store';
import { type BackupSource, createBackupArchive } from './backup-archive';

/**
 * The running server's backup door: a Unix socket in DATA_DIR, readable by the data directory's owner
 * only (whoever can open it can read the data anyway). `npm run kadry -- backup` asks through it, because
 * the embedded database belongs to the server process while it runs (docs/decisions/019-backup.md).
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'kadry-admin.sock');
}

/** A store whose deletes wait while `hold` runs (a backup's snapshot), so no file vanishes mid-backup. */
export function holdableDeletes<S extends FileStore>(
  store: S,
): { store: S; hold<T>(snapshot: () => Promise<T>): Promise<T> } {
  let held: Promise<unknown> = Promise.resolve();
  return {
    // The store's own methods stay (class or object literal alike); only delete waits.
    store: Object.assign(Object.create(store) as S, {
      async delete(key: string) {
        await held.catch(() => undefined);
        return store.delete(key);
      },
    }),
    hold(snapshot) {
      const result = held.catch(() => undefined).then(snapshot);
      held = result;
      return result;
    },
  };
}

export async function listenForBackups(
  socketPath: string,
  source: BackupSource,
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Promise<{ close(): Promise<void> }> {
  // We hold the data directory's lock, so a socket file here is a dead predecessor's.
  await rm(socketPath, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    createBackupArchive(source).then(
      ({ stream, manifest, cleanup }) => {
        log.info({ fileCount: manifest.fileCount }, 'backup: streaming the archive');
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'x-kadry-backup-manifest': JSON.stringify(manifest),
        });
        stream.pipe(res);
        const done = () => void cleanup();
        res.once('close', done);
        stream.once('error', (error) => {
          log.error({ err: error }, 'backup: archive failed');
          res.destroy(error);
        });
      },
      (error: unknown) => {
        log.error({ err: error }, 'backup: snapshot failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`);
      },
    );
  });
  server.listen(socketPath);
  await once(server, 'listening');
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Asks the server listening on `socketPath` for a backup. Answers the archive stream, or null when no
 * server listens there (then the command takes the backup itself).
 */
export function requestBackup(socketPath: string): Promise<Readable | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode === 200) {
        resolve(res);
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => reject(new Error(`the server could not take the backup: ${text.trim()}`)));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    req.end();
  });
}
