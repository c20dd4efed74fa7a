"""Live event streams that hold nothing while open, fed from Redis (or in-process, embedded).

Publishers (`publishing.publish`) write each change's events as ready Server-Sent Events
frames: to the topic's channel, to its capped backlog (for `Last-Event-ID` resume) and, in
the same transaction, the topic's snapshot (what a stream opens with). The stream fronts
read only that: `asgi` (the stream process: one Redis connection shared by every stream,
`fanout`) and `sync_stream` (a Django view's generator, for the embedded mode). The logic
they share (ids, frames, resume, watching) lives in `ids`, `frames`, `resume`, `watching`.
"""
