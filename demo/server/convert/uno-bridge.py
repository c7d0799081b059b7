"""A long-lived bridge between the server and one warm LibreOffice (what `unoserver` does, smaller).

Started by demo/server/convert/soffice-worker.ts with the python that has `uno`. It starts its own
soffice (own user profile, listening on a named pipe, optionally inside `unshare --net`), connects,
then answers JSON lines on stdin with JSON lines on stdout:

  {"id": 1, "in": "/tmp/x/in.docx", "out": "/tmp/x/out.pdf", "import_filter": "", "filter_options": "", "max_pages": 100}
  -> {"id": 1, "ok": true, "pages": 3} | {"id": 1, "ok": false, "kind": "load|pages|export|crash", "error": "..."}

A "crash" answer means soffice is gone (or its bridge is): the server replaces this worker. "stale": true
says it was gone before the request started, so the request is not to blame. When soffice exits on its
own (abort, kill, out of memory) the bridge also says {"exited": true} at once, between requests too.

The bridge is a child subreaper: soffice's own children (oosplash starts soffice.bin) are reaped
here even when their parent dies, so a killed LibreOffice never leaves zombies (the container's
PID 1 may not reap). The server kills soffice's process group (pid in the "ready" line) on a
timeout; the bridge then reports the lost connection and exits when its stdin closes.
"""
import ctypes
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

PR_SET_CHILD_SUBREAPER = 36


def reap_forever():
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            time.sleep(0.2)
        except InterruptedError:
            pass


REPLY_LOCK = threading.Lock()


def reply(message):
    with REPLY_LOCK:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def watch_exit(proc):
    proc.wait()  # returns too when the reaper thread collected it first (ECHILD)
    reply({"exited": True})


def office_alive(desktop, proc):
    """soffice still runs and answers over the bridge (a dead one raises DisposedException at once)."""
    if proc.poll() is not None:
        return False
    try:
        desktop.getFrames().getCount()
        return True
    except Exception as error:
        return not is_bridge_failure(error)


def prop(name, value):
    import uno  # noqa: F401 (loaded once uno is importable)
    from com.sun.star.beans import PropertyValue
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def main():
    soffice, profile, pipe, isolate = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
    memory_bytes = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except Exception:
        pass
    threading.Thread(target=reap_forever, daemon=True).start()

    args = [soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
            "--nofirststartwizard", "-env:UserInstallation=" + profile, "--accept=pipe,name=%s;urp;" % pipe]
    if memory_bytes > 0:  # an address-space cap: a file that needs more makes soffice abort, which is a crash
        args = ["prlimit", "--as=%d" % memory_bytes, "--"] + args
    if isolate:
        args = ["unshare", "--net", "--"] + args
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)

    def kill_soffice():
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    signal.signal(signal.SIGTERM, lambda *_: (kill_soffice(), os._exit(0)))

    import uno
    from com.sun.star.connection import NoConnectException
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + 90
    ctx = None
    while ctx is None:
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except NoConnectException:
            if time.time() > deadline:
                reply({"ready": False, "error": "LibreOffice did not start within 90 s"})
                kill_soffice()
                return
            time.sleep(0.1)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    reply({"ready": True, "soffice_pid": proc.pid})
    threading.Thread(target=watch_exit, args=(proc,), daemon=True).start()

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        if not office_alive(desktop, proc):
            reply({"id": request["id"], "ok": False, "kind": "crash", "stale": True, "error": "LibreOffice had stopped"})
            continue
        answer = convert(desktop, request)
        if not answer["ok"] and answer["kind"] != "crash" and not office_alive(desktop, proc):
            answer["kind"] = "crash"  # the error came from soffice dying under the file, not from the file
        reply(answer)

    try:
        desktop.terminate()
    except Exception:
        pass
    time.sleep(0.2)
    kill_soffice()
    time.sleep(0.3)


def convert(desktop, request):
    rid = request["id"]
    load = [prop("Hidden", True), prop("ReadOnly", True), prop("MacroExecutionMode", 0), prop("UpdateDocMode", 0)]
    if request.get("import_filter"):
        load.append(prop("FilterName", request["import_filter"]))
    if request.get("filter_options"):
        load.append(prop("FilterOptions", request["filter_options"]))
    try:
        import uno
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["in"]), "_blank", 0, tuple(load))
    except Exception as error:  # a bridge failure = soffice is gone; anything else = the file
        return {"id": rid, "ok": False, "kind": crash_or(error, "load"), "error": error_text(error)}
    if doc is None:
        return {"id": rid, "ok": False, "kind": "load", "error": "LibreOffice could not open the file"}
    try:
        if doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
            export_filter = "calc_pdf_Export"
        elif doc.supportsService("com.sun.star.text.WebDocument"):
            export_filter = "writer_web_pdf_Export"
        elif doc.supportsService("com.sun.star.text.TextDocument"):
            export_filter = "writer_pdf_Export"
        else:
            return {"id": rid, "ok": False, "kind": "load", "error": "the file is neither a text document nor a spreadsheet"}
        # Count pages before the (slow) export, so a 1,000-page spreadsheet is refused cheaply.
        pages = page_count(doc, export_filter)
        if pages > request.get("max_pages", 1 << 30):
            return {"id": rid, "ok": False, "kind": "pages", "pages": pages,
                    "error": "the converted document would have %d pages" % pages}
        doc.storeToURL(uno.systemPathToFileUrl(request["out"]), (prop("FilterName", export_filter),))
        return {"id": rid, "ok": True, "pages": pages}
    except Exception as error:
        return {"id": rid, "ok": False, "kind": crash_or(error, "export"), "error": error_text(error)}
    finally:
        try:
            doc.close(True)
        except Exception:
            pass


def page_count(doc, export_filter):
    try:
        if export_filter == "calc_pdf_Export":
            return doc.getRendererCount(doc, (prop("IsPrinter", True),))
        return doc.getCurrentController().getPropertyValue("PageCount")
    except Exception:
        return 0  # unknown here: the PDF's own page count is checked after the export


def error_name(error):
    """pyuno names UNO exceptions in full ("com.sun.star.lang.DisposedException"); Python's are short."""
    return type(error).__name__


def is_bridge_failure(error):
    """DisposedException, or a RuntimeException about the bridge or the pipe: the connection is gone."""
    short = error_name(error).rsplit(".", 1)[-1]
    if short == "DisposedException":
        return True
    text = error_text(error).lower()
    if short in ("RuntimeException", "IOException", "BrokenPipeError", "ConnectionResetError", "EOFError"):
        return re.search(r"\b(disposed|bridge|urp|ipc|pipe|connection)\b", text) is not None
    return False


def crash_or(error, kind):
    return "crash" if is_bridge_failure(error) else kind


def error_text(error):
    text = getattr(error, "Message", None) or str(error)
    return (error_name(error) + ": " + text)[:500]


if __name__ == "__main__":
    main()
