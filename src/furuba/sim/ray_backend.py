"""The Ray backend: the same tasks as the local backend (chunks of games, a training
iteration's games), played as Ray tasks.

With no address, a local Ray is started for the run (``num_cpus`` = the number of jobs, no
dashboard, no usage statistics) and shut down afterwards; with an address (``auto``,
``ray://host:10001``, …) the tasks go to that cluster, whose workers must have furuba installed.
When Ray is already initialised in this process (a notebook, a test session) it is used as is.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from furuba.core.errors import OptionsError
from furuba.text import _

T = TypeVar("T")
R = TypeVar("R")


def _ray() -> Any:
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the installed extras
        raise OptionsError(_("the Ray backend needs Ray: pip install 'furuba[sim]'")) from None
    return ray


def connect(jobs: int, address: str | None) -> bool:
    """Make sure Ray is initialised; return whether this call started it (and must stop it)."""
    ray = _ray()
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        if address:
            raise OptionsError(_("cannot start or reach Ray at {address}: {problem}").format(
                address=address, problem=exc)) from None
        raise OptionsError(_("cannot start Ray: {problem}").format(problem=exc)) from None
    return True


def map_on_ray(fn: Callable[[T], R], items: Sequence[T], jobs: int,
               address: str | None) -> Iterator[R]:
    """Run ``fn(item)`` for every item as a Ray task, at most two per CPU in flight; yield the
    results as they land."""
    ray = _ray()
    started = connect(jobs, address)
    task = ray.remote(fn)
    limit = max(2, 2 * int(ray.cluster_resources().get("CPU", jobs)))
    todo = iter(items)
    pending: list[Any] = []
    try:
        for c in todo:
            pending.append(task.remote(c))
            if len(pending) >= limit:
                break
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                result: R = ray.get(ref)
                yield result
                nxt = next(todo, None)
                if nxt is not None:
                    pending.append(task.remote(nxt))
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
