"""Stress the review desk's records writes against another writer of the same file; run by hand.

A desk is served on 127.0.0.1 over a copy of a corpus; while a client posts decisions on every
record of one records file (accept, reject, accept...), another process appends comment lines
to that file (``# outside N``), each by open-append-close, as a script or an editor's "append"
would. At the end the script counts the appended lines still in the file. With ``--lock`` the
other writer takes ``fcntl.flock`` on the file first (and takes it again when the file was renamed
over meanwhile), as :mod:`verifier.ingest.locks` does.

    .venv/bin/python benchmarks/desk_stress.py ../shared/press/cases/case15 --decisions 300
    .venv/bin/python benchmarks/desk_stress.py ../shared/press/cases/case15 --decisions 300 --lock

Talks HTTP only, so the same script measures an older desk (check it out in place: an editable
install wins over ``PYTHONPATH``). The answers counted are those of the page a decision
redirects to; a desk from before 2026-12 answers 403 there (it wanted its cookie, which urllib
does not keep), after writing the decision.
"""

from __future__ import annotations

import argparse
import fcntl
import multiprocessing
import os
import re
import shutil
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path


def outside_writer(path: str, stop, written, lock: bool) -> None:
    """Append '# outside N' lines to ``path`` until ``stop`` is set; ``written.value``: how many."""
    n = 0
    while not stop.is_set():
        line = f"# outside {n}\n"
        if lock:
            while True:
                with open(path, "a", encoding="utf-8") as handle:
                    fcntl.flock(handle, fcntl.LOCK_EX)
                    if os.fstat(handle.fileno()).st_ino != os.stat(path).st_ino:
                        continue  # renamed over while we waited: open the new file
                    handle.write(line)
                    break
        else:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(line)
        n += 1
        written.value = n
        time.sleep(0.001)


def fields(html: str) -> dict[str, str]:
    """The hidden fields of the first decision form of a page."""
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', html))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--lock", action="store_true", help="the other writer takes flock first")
    args = parser.parse_args()

    from verifier.review.app import bind

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        shutil.copytree(args.corpus, root)
        if not (root / "claims").is_dir():  # proposals to decide on, as `verifier extract` writes them
            from typer.testing import CliRunner

            from verifier.cli import app

            assert CliRunner().invoke(app, ["extract", str(root)]).exit_code == 0
        target = max((root / "claims").glob("*.yaml"), key=lambda p: p.stat().st_size)
        ids = re.findall(r"^- id: (\S+)$", target.read_text(encoding="utf-8"), re.M)
        server, address = bind([root])
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base, query = address.split("?")
        stop, written = multiprocessing.Event(), multiprocessing.Value("i", 0)
        writer = multiprocessing.Process(target=outside_writer, args=(str(target), stop, written, args.lock))
        writer.start()
        codes: dict[int, int] = {}
        started = time.perf_counter()
        try:
            for i in range(args.decisions):
                cid = ids[i % len(ids)]
                with urllib.request.urlopen(f"{base}claim/{cid}?{query}") as page:
                    form = fields(page.read().decode())
                form.update(status=("accepted", "rejected")[i % 2], note=f"decision {i}")
                request = urllib.request.Request(f"{base}claim/{cid}?{query}", data=urllib.parse.urlencode(form).encode())
                try:
                    with urllib.request.urlopen(request) as response:
                        code = response.status
                except urllib.error.HTTPError as err:
                    code = err.code
                codes[code] = codes.get(code, 0) + 1
        finally:
            stop.set()
            writer.join()
            server.shutdown()
        seconds = time.perf_counter() - started
        kept = len(re.findall(r"^# outside \d+$", target.read_text(encoding="utf-8"), re.M))
        print(f"{args.decisions} decisions in {seconds:.1f} s, answers {dict(sorted(codes.items()))}; "
              f"outside appends {written.value}, kept {kept}, lost {written.value - kept}"
              f"{' (writer takes the lock)' if args.lock else ''}")


if __name__ == "__main__":
    main()
