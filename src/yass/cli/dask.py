"""``--scheduler ADDRESS``: the batch commands on a Dask cluster.

``solve``, ``explain``, ``count``, ``check``, ``rate`` and ``generate`` take
``--scheduler`` in place of ``-j``: the same work as ``-j 1``, run as tasks on the Dask
cluster whose scheduler is at ADDRESS (``yass.engine.parallel.on_cluster``), with the same output
in the same order. ``distributed`` (the optional extra ``yass-sudoku[dask]``) is imported
only when a client is made; a malformed address, a missing package or a scheduler that
does not answer is one line on standard error (``DaskError``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    import argparse
    from typing import Any

__all__ = [
    "CONNECT_TIMEOUT",
    "DASK_SCHEMES",
    "DaskError",
    "address_problem",
    "closing",
    "connect",
    "dask_client",
    "scheduler_option",
]

#: How long ``--scheduler`` waits for the scheduler to answer (seconds).
CONNECT_TIMEOUT = 10.0

#: The protocols of Dask's scheduler addresses (``distributed.comm``).
DASK_SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")


class DaskError(Exception):
    """``--scheduler`` cannot be used: the message says why, on one line."""


def scheduler_option(p: Any, what: str) -> None:
    """Declare ``--scheduler ADDRESS`` on ``p`` (a parser or a mutually exclusive group
    with ``-j``); ``what`` says what runs there (``solve a file's puzzles``)."""
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"{what} on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786);"
        " needs the optional extra yass-sudoku[dask] here and yass on the workers. Output"
        " stays in input order, as with -j 1. Without distributed, or when the scheduler"
        " does not answer in 10 s, one line says so (exit code 2)",
    )


def address_problem(address: str) -> str | None:
    """What is wrong with ``address`` as a Dask scheduler address, or None.

    Checked before ``distributed`` is asked: given a malformed address, its Client
    raises, and the half-made client then holds the process for 20 s at exit and
    prints a traceback from ``Client.__del__``.
    """
    usage = "a scheduler address is tcp://HOST:PORT (e.g. tcp://127.0.0.1:8786)"
    if not address or any(ch.isspace() or not ch.isprintable() for ch in address):
        return usage
    scheme, sep, rest = address.rpartition("://")
    if sep and scheme not in DASK_SCHEMES:
        return f"unknown protocol {scheme!r} ({', '.join(DASK_SCHEMES)}); {usage}"
    if scheme == "inproc":
        return None
    host, colon, port = rest.rpartition(":")
    if not colon or not host or (host.endswith(":") and not host.startswith("[")):
        return usage
    if not port.isdigit() or not 0 < int(port) < 65536:
        return f"the port must be a number from 1 to 65535, not {port!r}"
    return None


def dask_client(address: str) -> Any:
    """A ``distributed.Client`` connected to ``address``; DaskError when the address is
    malformed, ``distributed`` is not installed or the scheduler does not answer within
    ``CONNECT_TIMEOUT``."""
    import importlib

    problem = address_problem(address)
    if problem is not None:
        from yass.formats.text import printable

        raise DaskError(f"--scheduler {printable(address)!r}: {problem}")

    try:
        # Imported by name: typed as Any, so mypy needs neither the package nor its types.
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise DaskError(
            "--scheduler needs Dask's distributed package: pip install 'yass-sudoku[dask]'"
        ) from None
    try:
        return distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError, ValueError for a bad address...
        why = " ".join(str(exc).split()) or type(exc).__name__
        raise DaskError(f"cannot reach the Dask scheduler at {address}: {why}") from None


def connect(args: argparse.Namespace) -> Any:
    """The client for ``args.scheduler``, or None without ``--scheduler``; DaskError as
    ``dask_client`` says."""
    address: str | None = getattr(args, "scheduler", None)
    return None if address is None else dask_client(address)


def closing(client: Any) -> None:
    """Close ``client`` (None: nothing to do), quietly: the run's outcome is already known."""
    if client is not None:
        import contextlib

        with contextlib.suppress(Exception):
            client.close()
