#!/usr/bin/env python3
"""`carca serve` at its limits, under a cap on its address space.

Starts the release binary's server with `ulimit -v` of 2 GiB and its
default limits, then at once:

* holds SLOW connections that send half a request's headers and nothing
  more (a slow-client attack);
* sends, for each endpoint of the engine (/api/score, /api/compare,
  /api/moves, /api/position, /api/record), BURST requests at once, each
  with a body of about 1 MiB (a 19,900-tile game, padded with a comment:
  the largest board the page draws), reading each answer slowly;
* asks for the page (GET /) every 100 ms, timing each answer.

    cargo build --release
    python3 benches/serve_limits.py [SLOW] [BURST]      # 1000 and 50

Prints the answers by status, the page's latency, and the server's peak
resident memory (VmHWM) and address space (VmPeak); exits 1 when the
server died, when an engine request got no HTTP answer, or when the page
took a second or more.
"""

import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time

CARCA = "./target/release/carca"
LIMIT_KIB = 2 * 1024 * 1024
ENDPOINTS = [
    ("/api/score", ""),
    ("/api/compare", ""),
    ("/api/moves", "?tile=B"),
    ("/api/position", ""),
    ("/api/record", ""),
]


def body_of_one_mib():
    game = subprocess.run(
        [CARCA, "gen", "--tiles", "19900", "--followers", "1", "--seed", "3"],
        check=True,
        capture_output=True,
    ).stdout
    pad = 1024 * 1024 - 64 - len(game)
    return game + b"\n# " + b"x" * max(pad, 0) + b"\n"


def status_of(pid):
    fields = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
    except OSError:
        pass
    return fields


def main():
    slow = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    burst = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    body = body_of_one_mib()
    server = subprocess.Popen(
        ["bash", "-c", f"ulimit -v {LIMIT_KIB} && exec {CARCA} serve --port 0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    failures = []
    try:
        addr = server.stdout.readline().decode().strip()
        host, port = addr.removeprefix("http://").rstrip("/").split(":")
        port = int(port)

        # Slow clients: half a request, then nothing.
        held = []
        for _ in range(slow):
            try:
                s = socket.create_connection((host, port), timeout=5)
                s.sendall(b"POST /api/score HTTP/1.1\r\nHost: " + host.encode())
                held.append(s)
            except OSError as e:
                failures.append(f"slow connection: {e!r}")
                break

        answers = {}
        lock = threading.Lock()
        page = []
        done = threading.Event()

        def engine(path, query):
            try:
                conn = http.client.HTTPConnection(host, port, timeout=120)
                conn.request("POST", path + query, body, {"Content-Type": "text/yaml"})
                r = conn.getresponse()
                # Read the answer slowly: a client on a poor connection.
                size = 0
                while chunk := r.read(256 * 1024):
                    size += len(chunk)
                    time.sleep(0.05)
                key = f"{path} {r.status}"
            except OSError as e:
                key = f"{path} no answer ({type(e).__name__})"
            with lock:
                answers[key] = answers.get(key, 0) + 1

        def probe():
            while not done.is_set():
                t = time.perf_counter()
                try:
                    conn = http.client.HTTPConnection(host, port, timeout=10)
                    conn.request("GET", "/")
                    r = conn.getresponse()
                    r.read()
                    ok = r.status == 200
                except OSError:
                    ok = False
                page.append((time.perf_counter() - t, ok))
                time.sleep(0.1)

        peak = {"VmHWM": "", "VmPeak": ""}

        def watch():
            while not done.is_set():
                s = status_of(server.pid)
                if s:
                    peak.update({k: s.get(k, "") for k in peak})
                time.sleep(0.05)

        watcher = threading.Thread(target=watch)
        prober = threading.Thread(target=probe)
        watcher.start()
        prober.start()
        begun = time.perf_counter()
        clients = [
            threading.Thread(target=engine, args=endpoint)
            for endpoint in ENDPOINTS
            for _ in range(burst)
        ]
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        took = time.perf_counter() - begun
        done.set()
        prober.join()
        watcher.join()
        alive = server.poll() is None
        for s in held:
            s.close()

        print(f"{slow} slow connections held, {burst} requests of ~1 MiB to each of "
              f"{len(ENDPOINTS)} endpoints, under ulimit -v {LIMIT_KIB // 1024} MiB: {took:.1f} s")
        for key in sorted(answers):
            print(f"  {key}: {answers[key]}")
        times = sorted(t for t, _ in page)
        print(f"GET / meanwhile: median {statistics.median(times) * 1e3:.1f} ms, "
              f"worst {times[-1] * 1e3:.1f} ms, {sum(1 for _, ok in page if not ok)} failed "
              f"of {len(page)}")
        print(f"server: peak resident {peak['VmHWM']}, peak address space {peak['VmPeak']}, "
              f"{'alive' if alive else 'DEAD'}")
        if not alive:
            failures.append("the server died: " + server.stderr.read().decode()[-500:])
        failures += [k for k in answers if "no answer" in k]
        if times[-1] >= 1.0 or not all(ok for _, ok in page):
            failures.append("the page was not answered within a second every time")
        for f in failures:
            print("FAILED:", f)
        sys.exit(1 if failures else 0)
    finally:
        server.kill()


if __name__ == "__main__":
    main()
