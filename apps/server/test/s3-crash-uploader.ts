/**
 * Child process of the S3 crash test: uploads an endless stream through the S3 store configured by
 * the environment (STORAGE=s3 …), printing `streaming <bytes>` as it goes, until it is killed.
 */
import { Readable } from 'node:stream';
import { readEnv } from '../src/config/env';
import { createS3FileStoreFromEnv } from '../src/storage/s3';

const store = createS3FileStoreFromEnv(readEnv());
let produced = 0;
const source = new Readable({
  read() {
    produced += 256 * 1024;
    if (produced % (4 * 1024 * 1024) === 0) process.stdout.write(`streaming ${produced}\n`);
    this.push(Buffer.alloc(256 * 1024, produced & 0xff));
  },
});
await store.put(source, { maxBytes: Number.MAX_SAFE_INTEGER });
process.stdout.write('finished: the test should have killed this process\n');
