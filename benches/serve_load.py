#!/usr/bin/env python3
"""`carca serve` under load: CLIENTS clients at once, each sending
POST /api/score with a 72-tile game as fast as answers come, while a probe
asks for the page's list of rulesets every 50 ms and times each answer
(how the page feels to a person while the server is busy).

    cargo build --release
    python3 benches/serve_load.py [CLIENTS] [SECONDS]

Prints the answers per second, the latency of the scoring requests and of
the probe (median, 95th, 99th percentile, worst), and every answer that was
not 200. Each client keeps one connection open (HTTP/1.1 keep-alive), as a
browser does.
"""

import http.client
import statistics
import subprocess
import sys
import threading
import time

CARCA = "./target/release/carca"
RECORD = "fixtures/records/full-game-72.yaml"


def percentiles(samples):
    s = sorted(samples)
    if not s:
        return "no samples"
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]
    return (
        f"median {statistics.median(s) * 1e3:.2f} ms, p95 {pick(0.95) * 1e3:.2f} ms, "
        f"p99 {pick(0.99) * 1e3:.2f} ms, worst {s[-1] * 1e3:.2f} ms ({len(s)} requests)"
    )


def main():
    clients = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    body = open(RECORD, "rb").read()
    server = subprocess.Popen(
        [CARCA, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        addr = server.stdout.readline().decode().strip()
        host, port = addr.removeprefix("http://").rstrip("/").split(":")
        port = int(port)
        stop = time.perf_counter() + seconds
        scored, probed, failures = [], [], []
        lock = threading.Lock()
        ready = threading.Barrier(clients + 1)

        def client():
            conn = http.client.HTTPConnection(host, port, timeout=30)
            mine, bad = [], []
            ready.wait()
            while time.perf_counter() < stop:
                t = time.perf_counter()
                try:
                    conn.request("POST", "/api/score", body, {"Content-Type": "text/yaml"})
                    r = conn.getresponse()
                    r.read()
                    if r.status != 200:
                        bad.append(r.status)
                except OSError as e:
                    bad.append(repr(e))
                    conn.close()
                    conn = http.client.HTTPConnection(host, port, timeout=30)
                mine.append(time.perf_counter() - t)
            with lock:
                scored.extend(mine)
                failures.extend(bad)

        def probe():
            conn = http.client.HTTPConnection(host, port, timeout=30)
            ready.wait()
            while time.perf_counter() < stop:
                t = time.perf_counter()
                conn.request("GET", "/api/rulesets")
                r = conn.getresponse()
                r.read()
                probed.append(time.perf_counter() - t)
                if r.status != 200:
                    failures.append(r.status)
                time.sleep(0.05)

        threads = [threading.Thread(target=client) for _ in range(clients)]
        threads.append(threading.Thread(target=probe))
        for t in threads:
            t.start()
        begun = time.perf_counter()
        for t in threads:
            t.join()
        took = time.perf_counter() - begun
        print(f"{clients} clients, {took:.1f} s: {len(scored) / took:.0f} scored games per second")
        print(f"POST /api/score (72 tiles): {percentiles(scored)}")
        print(f"GET /api/rulesets meanwhile: {percentiles(probed)}")
        print(f"answers other than 200: {len(failures)} {failures[:5]}")
        sys.exit(1 if failures else 0)
    finally:
        server.kill()


if __name__ == "__main__":
    main()
