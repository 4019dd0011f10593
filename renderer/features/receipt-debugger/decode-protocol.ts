// The messages between the page and decode-worker.ts: one request per screen, one reply with its bitmap or why not.
export interface DecodeRequest {
  id: number;
  bytes: ArrayBuffer;
  mediaType: string;
  /** Decoded no wider than this (null: as stored). */
  resizeWidth: number | null;
}

export type DecodeReply = { id: number; bitmap: ImageBitmap } | { id: number; error: string };
