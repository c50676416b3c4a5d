/** A file of a multipart form, read into memory (sizes are capped while reading). */
export class UploadedFile {
  constructor(
    /** The uploader's file name: shown back, never used to store or to decide the type. */
    readonly filename: string,
    readonly bytes: Buffer,
    /** More bytes were sent than the largest accepted upload: the rest was not read. */
    readonly truncated: boolean,
  ) {}

  get size(): number {
    return this.bytes.length;
  }
}
