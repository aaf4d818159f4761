// The HTTP tab's explanation of a scaled stand-in (the edge of today, 1:256):
// what scales, what does not, and why the rate it finds is the real server's.
/** What a 1:N stand-in scales and what it does not, in plain words. */
export function StandInNote({ scale }: { scale: number }) {
  return (
    <div className="stand-in-note" data-testid="http-stand-in">
      <p>
        <strong>A 1:{scale} stand-in.</strong> Every amount of data is {scale} times smaller than the real server’s: the library (fewer titles), the
        flash cache’s share of the drive and the RAM page cache. A full-size cache would need more memory for its bookkeeping than a browser
        has.
      </p>
      <p>
        What is <em>not</em> scaled: the request rate, the segment size and bitrate, and the devices’ timing — each read still waits for a real
        disk seek or flash page, the drive’s garbage collection runs over its whole capacity, and the queues are as deep as on the real server.
      </p>
      <p>
        Why the rate is real: whether a request is a hit depends on how big the cache is <em>compared with</em> the library, and scaling both by the
        same factor keeps that ratio, so the hit ratios are the real server’s. A miss or a hit then costs the real device time at the real rate,
        so the highest rate found is the one the full-size server would reach.
      </p>
    </div>
  );
}
