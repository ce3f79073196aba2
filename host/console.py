"""What the host's commands print (docs/architecture.md, "The command line").

Anything an operator or a client typed may hold escape codes or line breaks; before
it reaches a console or a log it goes through `shown`, so it cannot recolour the
terminal, move its cursor or fake a second line. An error of `houses serve ...` is
one line in words on stderr and exit status 2 (`fail`).
"""

from __future__ import annotations

import re
import sys

USAGE_ERROR = 2


def shown(text: object, limit: int | None = 80) -> str:
    """`text` as it may be printed: every control or invisible character escaped
    (repr-style, without the quotes: ESC is \\x1b, a line break \\n), cut to `limit`
    characters (None: whole)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    text = str(text)
    out = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return out if limit is None or len(out) <= limit else out[:limit] + "..."


def fail(message: str, prog: str = "houses") -> int:
    """Say what went wrong on one line of stderr; the status to exit with (2)."""
    message = re.sub(r"\s*[\r\n]+\s*", " ", message.strip())  # a library's second line joins the first
    print(f"{prog}: {shown(message, None)}", file=sys.stderr, flush=True)
    return USAGE_ERROR


def url_host(host: str) -> str:
    """`host` as it goes into a URL or after "HOST:PORT": an IPv6 literal in brackets
    ([::1]; a zone's % as %25), anything else as it is."""
    import ipaddress

    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        ip = ipaddress.ip_address(bare.split("%", 1)[0])
    except ValueError:
        return host
    if ip.version != 6:
        return bare
    address, zone_mark, zone = bare.partition("%")
    return f"[{address}%25{zone}]" if zone_mark else f"[{address}]"


def host_port(host: str, port: int) -> str:
    """"HOST:PORT" as people and URLs write it: 127.0.0.1:2222, [::1]:2222."""
    return f"{url_host(host)}:{port}"


def http_url(host: str, port: int, scheme: str = "http") -> str:
    """The base URL of a server listening on `host`:`port`."""
    return f"{scheme}://{host_port(host, port)}"


def log_line(text: str) -> None:
    """One entry of a host's log on stdout, timed; each of its lines escaped (a
    traceback keeps its lines, a name cannot add any)."""
    import time

    body = "\n".join(shown(part, None) for part in str(text).split("\n"))
    print(f"{time.strftime('%H:%M:%S')} {body}", flush=True)
