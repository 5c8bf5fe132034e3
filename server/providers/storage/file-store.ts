/** Where stored files live. The default is DATA_DIR/files; FILES_DIR overrides it. */
export interface FileStore {
  /** Writes the bytes under a temporary name; `commit` makes them visible, `discard` drops them. */
  begin(key: string): Promise<{
    write: (chunk: Uint8Array) => Promise<void>;
    commit: () => Promise<void>;
    discard: () => Promise<void>;
  }>;
  read(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  /** Removes the bytes; a key with none is fine (a removal may be retried). */
  remove(key: string): Promise<void>;
}
