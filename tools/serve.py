#!/usr/bin/python3
"""folio's preview server: the built site served the way a static host serves it.

    /usr/bin/python3 tools/serve.py ROOT [--host 127.0.0.1] [--port 6931]

- A folder's index.html answers for the folder, with or without the trailing slash (/books and
  /books/ both read books/index.html), and without a redirect, as the browser tests' server does.
- A path that is not in the site answers 404.html with status 404, as GitHub Pages, Netlify and
  Cloudflare Pages do (docs/hosting.md), so the book shows its own not-found page.
- Types a browser insists on: application/wasm (streaming compilation), text/javascript, font/ttf.
- Nothing is cached (Cache-Control: no-store): the preview rewrites site.json while the page is open.

Standard library only (Debian's /usr/bin/python3), so nothing has to be installed for it.
"""
import argparse
import http.server
import os
import posixpath
import sys
import urllib.parse

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff2": "font/woff2",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
}


class Handler(http.server.BaseHTTPRequestHandler):
    root = "."
    server_version = "folio-preview"

    def log_message(self, fmt, *args):  # the preview prints its own lines; keep the terminal quiet
        pass

    def resolve(self):
        """The file for the request path inside root, or None. Never leaves root."""
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        parts = [p for p in posixpath.normpath(path).split("/") if p not in ("", ".", "..")]
        file = os.path.join(self.root, *parts)
        if os.path.isdir(file):
            file = os.path.join(file, "index.html")
        real = os.path.realpath(file)
        if not (real == self.root or real.startswith(self.root + os.sep)):
            return None
        return real if os.path.isfile(real) else None

    def answer(self, headers_only):
        file = self.resolve()
        status = 200
        if file is None:
            status = 404
            file = os.path.join(self.root, "404.html")
            if not os.path.isfile(file):
                self.send_error(404)
                return
        try:
            with open(file, "rb") as f:
                data = f.read()
        except OSError:
            self.send_error(500)
            return
        self.send_response(status)
        ext = os.path.splitext(file)[1].lower()
        self.send_header("Content-Type", TYPES.get(ext, "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not headers_only:
            self.wfile.write(data)

    def do_GET(self):
        self.answer(False)

    def do_HEAD(self):
        self.answer(True)


def main():
    ap = argparse.ArgumentParser(description="Serve a built folio site like a static host (404.html for unknown paths).")
    ap.add_argument("root")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=6931)
    args = ap.parse_args()
    root = os.path.realpath(args.root)
    if not os.path.isfile(os.path.join(root, "index.html")):
        sys.exit(f"serve.py: error: {root} has no index.html (build the site first)")
    Handler.root = root
    try:
        server = http.server.ThreadingHTTPServer((args.host, args.port), Handler)
    except OSError as e:
        sys.exit(f"serve.py: error: cannot listen on {args.host}:{args.port}: {e.strerror}; set FOLIO_PORT to another port")
    server.daemon_threads = True
    print(f"listening on http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
