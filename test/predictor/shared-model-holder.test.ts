import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModelUnusableError } from '../../errors.js';
import { SharedModelHolder } from '../../engines/predictor/load.js';
import { defaultSharedModelDirectory, readSharedManifest } from '../../engines/predictor/model/shared-files.js';

describe('the shared model holder', () => {
  const directory = mkdtempSync(join(tmpdir(), 'nlq-shared-holder-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('does not keep a failed load: once the model files are there, the next question gets the model', async () => {
    const shipped = defaultSharedModelDirectory();
    const manifest = readSharedManifest(shipped)!;
    copyFileSync(join(shipped, 'model.json'), join(directory, 'model.json'));
    const holder = new SharedModelHolder(directory);

    await expect(holder.get()).rejects.toBeInstanceOf(ModelUnusableError);

    for (const file of [manifest.files.encoder, manifest.files.decoder]) copyFileSync(join(shipped, file), join(directory, file));
    const loaded = await holder.get();
    expect(loaded?.manifest.vocabulary).toEqual(manifest.vocabulary);
    await holder.release();
  });

  it('answers null, not an error, when there is no shared model', async () => {
    await expect(new SharedModelHolder(null).get()).resolves.toBeNull();
  });
});
