-- wrk script: after the run, print one machine-readable line (prefixed WRKJSON) that
-- bench/report.py reads. Latencies are in microseconds. Requests use the URL as given.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%.0f,"duration_us":%.0f,"bytes":%.0f,' ..
    '"p50_us":%.0f,"p75_us":%.0f,"p90_us":%.0f,"p99_us":%.0f,"max_us":%.0f,"mean_us":%.1f,' ..
    '"err_connect":%.0f,"err_read":%.0f,"err_write":%.0f,"err_status":%.0f,"err_timeout":%.0f}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(75), latency:percentile(90),
    latency:percentile(99), latency.max, latency.mean,
    e.connect, e.read, e.write, e.status, e.timeout))
end
