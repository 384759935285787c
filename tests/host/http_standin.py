#!/usr/bin/env python3
"""A loopback HTTP server for the rack-mode tests (tests/host/upload.sh): the boot server
that serves upmon.cfg files, and the faults a real store cannot be made to show on
demand. Usage: http_standin.py PORTFILE LOG DIR MODE
  serve   GET and HEAD answer DIR's files (404 when absent); PUT stores the body in DIR/put/
  fail500 every request answers 500 with an S3 error document (InternalError)
  stall   every request is read and never answered (the connection held open)
Each request is logged as "METHOD PATH LENGTH" in LOG. The port it listens on (a free
one on 127.0.0.1) is written to PORTFILE. It stops by itself after 300 s."""
import http.server
import os
import sys
import threading
import time

portfile, log, root, mode = sys.argv[1:5]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def note(self, length):
        with open(log, "a") as f:
            f.write("%s %s %d\n" % (self.command, self.path, length))

    def body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def answer(self, status, data=b"", ctype="application/xml"):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def handle_any(self):
        data = self.body()
        self.note(len(data))
        if mode == "stall":
            time.sleep(60)
            return
        if mode == "fail500":
            self.answer(500, b"<?xml version=\"1.0\"?><Error><Code>InternalError</Code>"
                             b"<Message>We encountered an internal error. Please try again.</Message></Error>")
            return
        path = os.path.normpath(self.path.split("?")[0]).lstrip("/")
        if self.command == "PUT":
            dest = os.path.join(root, "put", path)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(data)
            self.answer(201)
            return
        full = os.path.join(root, path)
        if os.path.isfile(full):
            with open(full, "rb") as f:
                self.answer(200, f.read(), "text/plain")
        else:
            self.answer(404, b"not found", "text/plain")

    do_GET = do_HEAD = do_PUT = handle_any


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(portfile + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(portfile + ".tmp", portfile)
threading.Timer(300, server.shutdown).start()
server.serve_forever()
