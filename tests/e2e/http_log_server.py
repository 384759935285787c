#!/usr/bin/env python3
"""The boot server and object store of the network e2e tests (tests/e2e/test_http_boot.sh),
on the loopback only (QEMU's user network shows it to the guest as 10.0.2.2).

    http_log_server.py SERVE_DIR STORE_DIR LOG PORT_FILE

GET and HEAD serve the files of SERVE_DIR (upmon.efi, upmon.cfg, ...); PUT stores its body
under STORE_DIR at the request's path (no '..', no absolute escape) and answers 201 with an
empty body. Every request is logged to LOG as one line "METHOD PATH BODY_LENGTH" (the
request's body: 0 for GET and HEAD), flushed at once, so a test reads what the firmware and
upmon asked for. The server binds 127.0.0.1 on a free port and writes it to PORT_FILE once
it listens."""
import http.server
import os
import sys
import threading
import urllib.parse

serve_dir, store_dir, log_path, port_file = sys.argv[1:5]
log_lock = threading.Lock()


def log_request(method, path, length):
    with log_lock, open(log_path, "a") as f:
        f.write(f"{method} {path} {length}\n")


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=serve_dir, **kwargs)

    def log_message(self, fmt, *args):  # the log file says it; stderr stays quiet
        pass

    def do_GET(self):
        log_request("GET", self.path, 0)
        super().do_GET()

    def do_HEAD(self):
        log_request("HEAD", self.path, 0)
        super().do_HEAD()

    def do_PUT(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        log_request("PUT", self.path, len(body))
        rel = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
        target = os.path.realpath(os.path.join(store_dir, rel))
        if not rel or not target.startswith(os.path.realpath(store_dir) + os.sep):
            self.send_response(400)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(body)
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(f"{server.server_address[1]}\n")
os.replace(port_file + ".tmp", port_file)
server.serve_forever()
