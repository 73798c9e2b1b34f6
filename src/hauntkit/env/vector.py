"""``HauntkitVectorEnv``: N games stepped in one call, on several processes.

It follows Gymnasium's vector API (``reset``/``step`` over a batch, ``num_envs``,
``single_observation_space``, autoreset in the same step), not PettingZoo's parallel API: the
parallel API is for games where every agent moves at once, and in a hauntkit game one seat
decides at a time. Each sub-environment therefore reports which seat decides now
(``observation["seat"]``) with that seat's features and action mask, and rewards come as one
column per seat, since a game's end pays every seat. See docs/env.md ("Many games at once").

The batch lives in shared memory: the worker processes write observations, masks and rewards
straight into it, and only a one-word command crosses each pipe per step. Sub-environment ``i``
plays the games of seeds ``seed + i``, ``seed + i + N``, ``seed + i + 2N``, ...; each game is
exactly the one ``HauntkitEnv`` plays from that seed with the same action numbers.
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import Ruleset
from hauntkit.env.episode import Episode, GameSlice, resolve_ruleset
from hauntkit.sim.workers import usable_cores


@dataclass(frozen=True)
class BatchShape:
    """The sizes that fix the shared arrays."""

    envs: int
    features: int
    actions: int
    players: int


# name -> (dtype, columns(shape)); one block of shared memory each
def _array_specs(shape: BatchShape) -> dict[str, tuple[Any, tuple[int, ...]]]:
    return {
        "observation": (numpy.float32, (shape.envs, shape.features)),
        "action_mask": (numpy.int8, (shape.envs, shape.actions)),
        "seat": (numpy.int16, (shape.envs,)),
        "rewards": (numpy.float32, (shape.envs, shape.players)),
        "terminated": (numpy.bool_, (shape.envs,)),
        "truncated": (numpy.bool_, (shape.envs,)),
        "actions": (numpy.int64, (shape.envs,)),
        "episode_seed": (numpy.int64, (shape.envs,)),
    }


class BatchArrays:
    """The batch's arrays, over shared memory blocks (``create``) or attached by name."""

    def __init__(self, shape: BatchShape, names: dict[str, str] | None = None) -> None:
        self.shape = shape
        self.blocks: dict[str, SharedMemory] = {}
        self.arrays: dict[str, numpy.ndarray] = {}
        for key, (dtype, dims) in _array_specs(shape).items():
            size = max(1, int(numpy.prod(dims)) * numpy.dtype(dtype).itemsize)
            block = (SharedMemory(create=True, size=size) if names is None
                     else SharedMemory(name=names[key]))
            self.blocks[key] = block
            self.arrays[key] = numpy.ndarray(dims, dtype=dtype, buffer=block.buf)
        if names is None:
            for array in self.arrays.values():
                array.fill(0)

    def views(self) -> dict[str, memoryview]:
        """Each block as a flat memoryview of its type (the observation block as bytes)."""
        return {key: block.buf if key == "observation" else
                block.buf.cast(numpy.dtype(_array_specs(self.shape)[key][0]).char)
                for key, block in self.blocks.items()}

    def names(self) -> dict[str, str]:
        return {key: block.name for key, block in self.blocks.items()}

    def close(self, unlink: bool) -> None:
        self.arrays.clear()
        for block in self.blocks.values():
            block.close()
            if unlink:
                block.unlink()
        self.blocks.clear()


def game_slice(ruleset: Ruleset, config: dict[str, Any], max_actions: int,
               batch: BatchArrays, first: int, count: int) -> GameSlice:
    """The games ``first`` .. ``first + count - 1`` of ``batch``, writing into its memory."""
    episodes = [Episode(ruleset, config, max_actions) for _ in range(count)]
    return GameSlice(episodes, first, batch.shape.envs, batch.views())


def _worker(ruleset: Ruleset | str, config: dict[str, Any], max_actions: int,
            shape: BatchShape, names: dict[str, str], first: int, count: int,
            pipe: Connection) -> None:
    """A worker process: attach to the batch, then serve ``reset``/``step``/``close``."""
    batch = BatchArrays(shape, names)
    stepper: GameSlice | None = None
    try:
        stepper = game_slice(resolve_ruleset(ruleset), config, max_actions, batch, first,
                             count)
        while True:
            command, argument = pipe.recv()
            if command == "close":
                break
            try:
                if command == "reset":
                    stepper.reset(argument)
                else:
                    stepper.step()
                pipe.send(None)
            except HauntkitError as exc:
                pipe.send(str(exc))
    except (EOFError, KeyboardInterrupt):
        pass
    finally:
        stepper = None  # its views of the batch go before the batch's memory
        batch.close(unlink=False)
        pipe.close()


class HauntkitVectorEnv(VectorEnv):
    """``num_envs`` games of ``ruleset`` stepped together by ``workers`` processes (1: in this
    process). ``step(actions)`` takes one action number per sub-environment, for the seat
    that decides there."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, ruleset: str | Ruleset = "betrayal", num_envs: int = 64,
                 workers: int | None = None, config: dict[str, Any] | None = None,
                 max_actions: int = 20_000, copy: bool = True) -> None:
        if num_envs < 1:
            raise HauntkitError(f"num_envs must be at least 1, got {num_envs}")
        workers = usable_cores() if workers is None else workers
        if workers < 1:
            raise HauntkitError(f"workers must be at least 1, got {workers}")
        probe = Episode(ruleset, config, max_actions)
        self.rs = probe.rs
        self.num_envs = num_envs
        self.workers = min(workers, num_envs)
        self.copy = copy
        self.players = probe.players
        self.shape = BatchShape(num_envs, probe.feature_count, probe.action_count, probe.players)
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (probe.feature_count,), numpy.float32),
            "action_mask": spaces.Box(0, 1, (probe.action_count,), numpy.int8),
            "seat": spaces.Box(-1, probe.players - 1, (), numpy.int16),
        })
        self.single_action_space = spaces.Discrete(probe.action_count)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (num_envs, probe.feature_count), numpy.float32),
            "action_mask": spaces.Box(0, 1, (num_envs, probe.action_count), numpy.int8),
            "seat": spaces.Box(-1, probe.players - 1, (num_envs,), numpy.int16),
        })
        self.action_space = spaces.MultiDiscrete([probe.action_count] * num_envs)
        self._batch = BatchArrays(self.shape)
        self._arrays = self._batch.arrays
        self._pipes: list[Connection] = []
        self._processes: list[Any] = []
        self._local: GameSlice | None = None
        self._started = False
        slices = _slices(num_envs, self.workers)
        if self.workers == 1:
            self._local = game_slice(self.rs, dict(config or {}), max_actions, self._batch,
                                     0, num_envs)
        else:
            context = multiprocessing.get_context(
                "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
            shipped: Ruleset | str = self.rs if context.get_start_method() == "fork" \
                else self.rs.id
            for first, count in slices:
                parent, child = context.Pipe()
                process = context.Process(
                    target=_worker, daemon=True,
                    args=(shipped, dict(config or {}), max_actions, self.shape,
                          self._batch.names(), first, count, child))
                process.start()
                child.close()
                self._pipes.append(parent)
                self._processes.append(process)
        self._closed = False

    # ---------------------------------------------------------------------------- API
    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, numpy.ndarray],
                                                             dict[str, Any]]:
        """New games: sub-environment ``i`` starts seed ``seed + i`` (``seed`` None: 0)."""
        if isinstance(seed, list):
            raise HauntkitError("reset takes one seed; sub-environment i plays seed + i")
        self._command("reset", int(seed or 0))
        self._started = True
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[dict[str, numpy.ndarray], numpy.ndarray,
                                          numpy.ndarray, numpy.ndarray, dict[str, Any]]:
        """One action number per sub-environment; returns observations (of the next seat to
        decide, or of the next game where one ended), rewards (one column per seat),
        terminations, truncations and infos (``episode_seed``)."""
        if not self._started:
            raise HauntkitError("call reset() before step()")
        chosen = numpy.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise HauntkitError(f"actions must be {self.num_envs} integers, one per "
                                f"sub-environment; got shape {chosen.shape} of {chosen.dtype}")
        arrays = self._arrays
        in_range = (chosen >= 0) & (chosen < self.shape.actions)
        legal = in_range & (arrays["action_mask"][numpy.arange(self.num_envs),
                                                  numpy.where(in_range, chosen, 0)] == 1)
        if not legal.all():  # refused before any game moves: the batch stays as it was
            bad = int(numpy.flatnonzero(~legal)[0])
            raise HauntkitError(
                f"action {int(chosen[bad])} is not legal in sub-environment {bad} (seat "
                f"{int(arrays['seat'][bad])}); legal there: "
                f"{numpy.flatnonzero(arrays['action_mask'][bad]).tolist()}")
        arrays["actions"][:] = chosen
        self._command("step", None)
        pick = numpy.copy if self.copy else (lambda array: array)
        return (self._observations(), pick(arrays["rewards"]), pick(arrays["terminated"]),
                pick(arrays["truncated"]), self._infos())

    def close_extras(self, **kwargs: Any) -> None:
        if self._closed:
            return
        self._closed = True
        for pipe in self._pipes:
            try:
                pipe.send(("close", None))
            except (BrokenPipeError, OSError):
                pass
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
        for pipe in self._pipes:
            pipe.close()
        self._local = None
        self._batch.close(unlink=True)

    def __del__(self) -> None:
        if not getattr(self, "_closed", True):
            self.close_extras()

    # ---------------------------------------------------------------------------- inside
    def _command(self, command: str, argument: Any) -> None:
        if self._closed:
            raise HauntkitError("this vector environment is closed")
        if self._local is not None:
            if command == "reset":
                self._local.reset(argument)
            else:
                self._local.step()
            return
        for pipe in self._pipes:
            pipe.send((command, argument))
        errors = [error for error in (pipe.recv() for pipe in self._pipes) if error]
        if errors:
            raise HauntkitError(errors[0])

    def _observations(self) -> dict[str, numpy.ndarray]:
        arrays = self._arrays
        pick = numpy.copy if self.copy else (lambda array: array)
        return {"observation": pick(arrays["observation"]),
                "action_mask": pick(arrays["action_mask"]), "seat": pick(arrays["seat"])}

    def _infos(self) -> dict[str, Any]:
        return {"episode_seed": numpy.copy(self._arrays["episode_seed"])}


def _slices(envs: int, workers: int) -> list[tuple[int, int]]:
    """(first, count) of each worker's sub-environments: as even as can be."""
    base, extra = divmod(envs, workers)
    out, first = [], 0
    for worker in range(workers):
        count = base + (1 if worker < extra else 0)
        out.append((first, count))
        first += count
    return out
