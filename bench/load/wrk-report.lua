-- wrk script of the bench's GET throughput cases: sends the session cookie given in BENCH_COOKIE (when
-- set) and prints the figures as one JSON line, which bench/lib/wrk.ts reads.
local cookie = os.getenv("BENCH_COOKIE")
if cookie and cookie ~= "" then
  wrk.headers["Cookie"] = cookie
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
