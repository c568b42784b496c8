"""One ordered parallel map for every command that works on many puzzles.

``in_order(func, jobs, processes, start_pool)`` gives ``func(job)`` of every job in input
order. Jobs run in this process until ``start_pool()`` says a run is big enough to gain
from ``Workers``, worker processes that each hold one job at a time; at most ``WINDOW``
jobs a worker are in flight, so memory stays flat however long the input. Closing the
iterator (or Ctrl-C) stops the workers: nothing is shared between them (no locks, no
queues), so stopping them at any moment cannot leave one holding what another needs, and
a worker ignores Ctrl-C from the moment it starts (the parent handles it). A job that
raises in a worker raises WorkerError here.

``yass.engine.batch`` (solve and the file commands), ``yass.engine.fast.solve_lines``,
``yass.rating`` and ``yass.generate`` all run on it. Given a ``distributed.Client``
(``--scheduler``), ``in_order`` runs the jobs as tasks on that Dask cluster instead
(``on_cluster``), in chunks, with the same results in the same order.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Generator, Iterable, Iterator

from yass.core.outcomes import ClusterError, WorkerError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from typing import Any, TypeVar

    J = TypeVar("J")
    R = TypeVar("R")

__all__ = ["WINDOW", "ClusterError", "WorkerError", "Workers", "in_order", "on_cluster"]

#: Jobs in flight per worker: enough to keep each one busy, few enough for flat memory.
WINDOW = 4


def _worker_loop(conn: Connection, func: Callable[[Any], Any]) -> None:
    """A worker process: answer each job sent down ``conn`` until the parent hangs up."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # (blocked by Workers)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[bool, Any] = (True, func(job))
        except Exception as exc:  # sent back: the parent reports it
            answer = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except OSError:
            return


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back while worker processes start: a process started (forked) then
    begins with it blocked, so a Ctrl-C to the whole process group (a terminal sends it
    there) cannot reach a worker before it ignores SIGINT, which would print a traceback
    from the worker. A Ctrl-C held back here reaches this process at the end."""
    import signal

    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, OSError, ValueError):  # not on this platform
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class Workers:
    """Worker processes, each with its own pipe and at most one job at a time.

    Nothing is shared between them (no locks, no queues), so stopping them at any moment
    (Ctrl-C, a closed output) cannot leave one holding what another needs. ``idle``
    lists the pipes of workers without a job; ``busy`` maps the others' pipes to the
    number of their job.
    """

    def __init__(self, func: Callable[[Any], Any], processes: int) -> None:
        import multiprocessing

        context = multiprocessing.get_context()
        sys.stdout.flush()  # a forked worker must not write our buffered output again
        sys.stderr.flush()
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        self.idle: list[Connection] = []
        self.busy: dict[Connection, int] = {}  # the number of the job each one is on
        with _sigint_blocked():  # each worker ignores Ctrl-C before it can take one
            for _ in range(processes):
                mine, theirs = context.Pipe()
                proc = context.Process(target=_worker_loop, args=(theirs, func), daemon=True)
                self.procs.append(proc)
                self.conns.append(mine)
                proc.start()
                theirs.close()
        self.idle = list(self.conns)

    def send(self, number: int, job: Any) -> None:
        """Give job ``number`` to an idle worker (there must be one)."""
        conn = self.idle.pop()
        conn.send(job)
        self.busy[conn] = number

    def receive(self) -> list[tuple[int, Any]]:
        """Wait for at least one answer: (job number, result) of each that came.

        Raises WorkerError when a job raised in its worker or a worker ended.
        """
        from multiprocessing.connection import wait

        out = []
        ready = set(wait(list(self.busy)))
        for conn in [c for c in self.busy if c in ready]:
            try:
                ok, value = conn.recv()
            except (EOFError, OSError):
                ok, value = False, "a worker process ended unexpectedly"
            if not ok:
                raise WorkerError(value)
            out.append((self.busy.pop(conn), value))
            self.idle.append(conn)
        return out

    def stop(self) -> None:
        """End the workers: idle ones when told to, busy ones at once."""
        for conn in self.idle:
            with contextlib.suppress(OSError):
                conn.send(None)
        for conn in self.conns:
            conn.close()
        for proc, conn in zip(self.procs, self.conns, strict=True):
            if conn in self.busy:
                proc.terminate()
        for proc in self.procs:
            proc.join(2)
            if proc.is_alive():
                proc.kill()
                proc.join()


def in_order(
    func: Callable[[J], R],
    jobs: Iterable[J],
    processes: int,
    start_pool: Callable[[], bool],
    local: Callable[[J], bool] | None = None,
    more: Callable[[], bool] | None = None,
    client: Any = None,
    chunk: int = 1,
) -> Generator[R, None, None]:
    """``func(job)`` of every job, in order.

    Jobs run in this process until ``start_pool()`` says it is worth starting
    ``processes`` workers (so never for a small input); then each job goes to the next
    idle worker, with at most ``WINDOW`` jobs a worker in flight or waiting for their
    turn to be given out. Jobs for which ``local(job)`` is true always run here.
    ``more()`` says whether the next job can be taken from ``jobs`` without waiting (input
    typed or sent down a pipe slowly): when it cannot, the answers of the jobs in flight
    are given first, so each line is answered before the next one arrives.
    ``func`` must be a module-level function (workers are started with it). Closing
    the iterator (or Ctrl-C) stops the workers; a job that raises in a worker raises
    WorkerError here. With ``client`` (a ``distributed.Client``) the jobs run on its Dask
    cluster instead, ``chunk`` jobs a task (``on_cluster``); ``processes`` and
    ``start_pool`` are then not used.
    """
    if client is not None:
        yield from on_cluster(func, jobs, client, chunk=chunk, local=local, more=more)
        return
    workers: Workers | None = None
    done: dict[int, R] = {}
    source = iter(jobs)
    held: list[J] = []  # the next job, waiting for an idle worker
    taken = given = 0  # jobs taken from ``jobs``; results given out
    window = WINDOW * processes
    exhausted = False
    try:
        while True:
            while not exhausted and taken - given < window:
                if not held:
                    if more is not None and workers is not None and workers.busy and not more():
                        break  # answer the jobs in flight before waiting for more input
                    try:
                        held.append(next(source))
                    except StopIteration:
                        exhausted = True
                        break
                if workers is None and processes > 1 and start_pool():
                    workers = Workers(func, processes)
                if workers is None or (local is not None and local(held[0])):
                    done[taken] = func(held.pop())
                elif workers.idle:
                    workers.send(taken, held.pop())
                else:
                    break
                taken += 1
                while given in done:
                    yield done.pop(given)
                    given += 1
            if exhausted and given == taken:
                return
            if workers is not None and workers.busy:
                for number, result in workers.receive():
                    done[number] = result
            while given in done:
                yield done.pop(given)
                given += 1
    finally:
        if workers is not None:
            workers.stop()


# -- on a Dask cluster ----------------------------------------------------------------------


def _chunk_job(func: Callable[[Any], Any], jobs: list[Any]) -> list[Any]:
    """A Dask task: ``func(job)`` of each job of a chunk."""
    return [func(job) for job in jobs]


#: Stands, in a chunk's results, for a job sent to the cluster.
_THERE: Any = object()


def on_cluster(
    func: Callable[[J], R],
    jobs: Iterable[J],
    client: Any,
    *,
    chunk: int = 1,
    local: Callable[[J], bool] | None = None,
    more: Callable[[], bool] | None = None,
) -> Generator[R, None, None]:
    """``func(job)`` of every job, in order, run as tasks on the Dask cluster of ``client``.

    Jobs go ``chunk`` at a time to one task (fewer when ``more()`` says the next job is
    not there yet, so typed input is answered line by line); jobs for which ``local(job)``
    is true run here. At most ``WINDOW`` tasks a worker thread are out at once, so the
    input is read only a bounded way ahead. ``func`` must be importable on the workers
    (a module-level function of yass). Closing the iterator cancels the tasks still out;
    a task that fails raises ClusterError.
    """
    from collections import deque
    from itertools import islice

    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    info = client.scheduler_info().get("workers", {})
    threads = sum(int(w.get("nthreads", 1) or 1) for w in info.values()) or 1
    window = WINDOW * threads
    source = iter(jobs)
    pending: deque[tuple[list[Any], Any]] = deque()  # (results here or _THERE, future)

    def take() -> list[J]:
        """The next chunk of jobs: up to ``chunk``, or as many as are there already."""
        if more is None:
            return list(islice(source, chunk))
        taken: list[J] = []
        for job in source:
            taken.append(job)
            if len(taken) >= chunk or not more():
                break
        return taken

    try:
        while True:
            while len(pending) < window:
                if more is not None and pending and not more():
                    break  # answer what is out before waiting for more input
                taken = take()
                if not taken:
                    break
                here = [func(job) if local is not None and local(job) else _THERE
                        for job in taken]
                there = [job for job, r in zip(taken, here, strict=True) if r is _THERE]
                future = client.submit(_chunk_job, func, there, pure=False) if there else None
                pending.append((here, future))
            if not pending:
                return
            here, future = pending.popleft()
            if future is not None:
                try:
                    answers = iter(future.result())
                except Exception as exc:  # raised on the worker, or the cluster's own
                    why = " ".join(str(exc).split())
                    raise ClusterError(f"{type(exc).__name__}: {why}" if why
                                       else type(exc).__name__) from None
                here = [next(answers) if r is _THERE else r for r in here]
            yield from here
    finally:
        for _, future in pending:
            if future is not None:
                with contextlib.suppress(Exception):
                    future.cancel()
