import { UPLOADS_PATH, UPLOAD_METADATA, type UploadReference } from '@registry/domain';
import { reportUnauthorized } from '../../../lib/api-client';
import { readAccessToken } from '../../../lib/session-storage';

/**
 * The background uploads of one horse form (docs/api.md "Uploads"): every chosen file is sent
 * at once through tus, so Save only names the finished uploads. tus-js-client is imported here,
 * on the first chosen file, so it never enters the bundles of pages without the form. It keeps
 * each upload's address in localStorage (its fingerprint), so after a dropped connection or a
 * reload the same file continues from the last byte the server has.
 */

export type UploadState = 'uploading' | 'done' | 'failed';

export interface TrackedUpload {
  field: string;
  file: File;
  state: UploadState;
  sent: number;
  total: number;
  /** The server's id once the upload exists. */
  id?: string;
  /** The server's reason (a check that failed), or a connection problem. */
  error?: string;
}

interface TusUpload {
  url: string | null;
  start(): void;
  abort(terminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<unknown[]>;
  resumeFromPreviousUpload(previous: unknown): void;
}

/** The HTTP status of a tus failure; 0 when no answer came. */
function statusOf(error: unknown): number {
  const response = (error as { originalResponse?: { getStatus(): number } | null })
    .originalResponse;
  return response?.getStatus() ?? 0;
}

/** What the server said when it refused the file (its JSON failure), or a general message. */
function reasonOf(error: unknown, field: string): string {
  const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as {
      error?: string;
      fields?: Record<string, string>;
    };
    const forField = body.fields ? Object.values(body.fields)[0] : undefined;
    if (forField ?? body.error) return (forField ?? body.error) as string;
  } catch {
    // Not one of our answers: the connection failed.
  }
  void field;
  return 'The upload stopped. Check your connection and retry.';
}

export class UploadTracker {
  private readonly entries = new Map<File, TrackedUpload>();
  private readonly running = new Map<File, TusUpload>();
  private readonly waiting = new Map<File, Array<() => void>>();
  private readonly listeners = new Set<() => void>();
  private readonly doneListeners = new Set<() => void>();
  private version = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called each time an upload finishes (a draft then saves its id, use-register-draft.ts). */
  onDone = (listener: () => void) => {
    this.doneListeners.add(listener);
    return () => {
      this.doneListeners.delete(listener);
    };
  };

  /** Changes whenever any upload moves: a snapshot for useSyncExternalStore. */
  getVersion = () => this.version;

  get(file: File): TrackedUpload | undefined {
    return this.entries.get(file);
  }

  private update(file: File, patch: Partial<TrackedUpload>) {
    const entry = this.entries.get(file);
    if (!entry) return;
    this.entries.set(file, { ...entry, ...patch });
    this.version += 1;
    for (const listener of this.listeners) listener();
    if (patch.state === 'done') for (const listener of this.doneListeners) listener();
    if (patch.state && patch.state !== 'uploading') {
      for (const wake of this.waiting.get(file) ?? []) wake();
      this.waiting.delete(file);
    }
  }

  /** Starts (or, for a file sent before, resumes) the upload of a file chosen for `field`. */
  start(field: string, file: File): void {
    if (this.entries.get(file)?.state === 'done') return;
    this.entries.set(file, { field, file, state: 'uploading', sent: 0, total: file.size });
    this.update(file, {});
    void this.run(field, file);
  }

  private async run(field: string, file: File) {
    const { Upload } = await import('tus-js-client');
    if (!this.entries.has(file)) return;
    const upload = new Upload(file, {
      endpoint: UPLOADS_PATH,
      metadata: { [UPLOAD_METADATA.field]: field, [UPLOAD_METADATA.fileName]: file.name },
      // Read per request, as the API client does: an upload outlives a sign-in (a 20 MB video
      // on a slow link, a retry after the member signed in again), so the token it started
      // with may no longer be the one in storage.
      onBeforeRequest: (request) => {
        const token = readAccessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => this.update(file, { sent, total }),
      onSuccess: () =>
        this.update(file, {
          state: 'done',
          sent: file.size,
          id: upload.url?.split('/').pop(),
        }),
      onError: (error) => {
        this.update(file, { state: 'failed', error: reasonOf(error, field) });
        // The session ended (expired, signed out elsewhere): sign out as every other call does.
        if (statusOf(error) === 401) reportUnauthorized();
      },
    }) as unknown as TusUpload;
    this.running.set(file, upload);
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  retry(file: File): void {
    const entry = this.entries.get(file);
    if (!entry || entry.state !== 'failed') return;
    this.update(file, { state: 'uploading', error: undefined });
    const upload = this.running.get(file);
    // A file the server refused is sent anew; a dropped one continues where it stopped.
    if (upload) upload.start();
    else void this.run(entry.field, file);
  }

  /** Stops an upload and removes what the server has of it (the file was removed or replaced). */
  cancel(file: File): void {
    const entry = this.entries.get(file);
    const upload = this.running.get(file);
    this.entries.delete(file);
    this.running.delete(file);
    this.version += 1;
    for (const listener of this.listeners) listener();
    if (entry?.state === 'uploading') void upload?.abort(true).catch(() => undefined);
    else if (entry?.state === 'done' && entry.id) this.discard(entry.id);
  }

  /**
   * Removes a finished upload the form held without its File (a continued draft's, removed or
   * replaced by the member): nothing of it stays on the server.
   */
  discard(id: string): void {
    const token = readAccessToken();
    void fetch(`${UPLOADS_PATH}/${id}`, {
      method: 'DELETE',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    }).then(
      (response) => response.status === 401 && reportUnauthorized(),
      () => undefined,
    );
  }

  /** Resolves once none of the given files is still uploading (Save waits for them). */
  async settle(files: readonly File[]): Promise<void> {
    await Promise.all(
      files.map((file) =>
        this.entries.get(file)?.state === 'uploading'
          ? new Promise<void>((resolve) =>
              this.waiting.set(file, [...(this.waiting.get(file) ?? []), resolve]),
            )
          : undefined,
      ),
    );
  }

  /** The finished upload of a file, as a draft or a save names it. */
  referenceOf(file: unknown): UploadReference | undefined {
    if (!(file instanceof Blob)) return undefined;
    const entry = this.entries.get(file as File);
    if (entry?.state !== 'done' || !entry.id) return undefined;
    return { id: entry.id, field: entry.field, fileName: entry.file.name, size: entry.file.size };
  }

  /** Every file the form holds that is still in flight. */
  inFlight(): File[] {
    return [...this.entries.values()].filter((e) => e.state === 'uploading').map((e) => e.file);
  }
}
