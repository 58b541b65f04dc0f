"""Where a server started from the command line may listen: loopback hosts, and a port that is free.

``engram serve`` and ``engram mcp --transport http`` both bind a host and port given on the command line. Two rules
are judged before either opens the memory, so a refusal is engram's one-line JSON error and exit 2 (and stores
nothing), never a traceback or a log line from uvicorn after the start-up messages:

* :func:`is_loopback`: whether a host names this machine only (``localhost``, ``127.0.0.0/8``, ``::1``), for
  the modes that have no authentication (``serve --insecure-local``, the MCP HTTP transport);
* :func:`check_port`: a port some other process holds is a :class:`~engram.errors.ValidationError` on ``port``.

One home for both, so the two servers judge and word them alike.
"""

from __future__ import annotations

import ipaddress
import socket

from .errors import ValidationError


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an IP address as given to ``--host``) is this machine only: ``localhost`` or a
    loopback address; any other name is not (it may resolve anywhere)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def port_in_use(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on (None: it can), found by binding it for a moment as uvicorn
    would (``SO_REUSEADDR``: a socket in TIME_WAIT is no obstacle, a listening one is)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OverflowError as exc:  # a port out of 0-65535, had a caller not parsed it with harden's check
            return str(exc)
        except OSError as exc:
            return exc.strerror or str(exc)
    return None


def check_port(host: str, port: int, command: str) -> None:
    """Raise a :class:`ValidationError` on ``port`` when ``host:port`` cannot be listened on, naming the address,
    the reason and the likely holder (another ``engram <command>``), and how to pick another port."""
    busy = port_in_use(host, port)
    if busy is not None:
        raise ValidationError(f"cannot listen on {host}:{port}: {busy} (another engram {command}?); "
                              "pick a free one with --port", field="port")
