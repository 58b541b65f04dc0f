"""The runtime: what a memory runs on (a store, an embedder, an optional model, the history indexer, a clock).

One runtime per opened memory. The engine's parts take it (or the one piece of it they use) in their
constructors instead of the whole :class:`~engram.engine.Memory`; a view (``Memory.with_config``) shares
its base's runtime and never closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from .core import attributes, fusion
from .embedders.base import Embedder, normalize_rows
from .indexer import Indexer
from .models.base import Model
from .stores.base import Store


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True, eq=False)
class Runtime:
    """The resources a memory runs on. ``model`` may change after opening (``Memory.model = ...``); the
    parts read it from here, so they all see the change."""

    store: Store
    embedder: Embedder
    model: Model | None = None
    # "background" history embedding: turns commit chunks unembedded and the indexer fills them in; None: inline
    indexer: Indexer | None = None
    clock: Callable[[], datetime] = utc_now
    _attributes: attributes.Described | None = field(default=None, init=False, repr=False)

    def now(self) -> datetime:
        return self.clock()

    @property
    def embedder_id(self) -> str:
        """The model id and dimension stored with the index, to detect a change of embedder."""
        return f"{self.embedder.model_id}:{self.embedder.dim}"

    @property
    def cosine_scale(self) -> fusion.CosineScale:
        """Where the embedder's cosines sit (its own ``cosine_scale`` if it has one), for absolute scores."""
        found = getattr(self.embedder, "cosine_scale", None)
        return found if isinstance(found, fusion.CosineScale) else fusion.CosineScale()

    def attribute_vectors(self) -> attributes.Described:
        """The embedder's vectors of :data:`engram.core.attributes.DESCRIPTIONS` and their sentences, embedded
        once."""
        if self._attributes is None:
            lines, owner = attributes.sentences()
            self._attributes = attributes.Described(
                whole=normalize_rows(self.embedder.embed(list(attributes.DESCRIPTIONS.values()))),
                lines=normalize_rows(self.embedder.embed(lines)), owner=owner)
        return self._attributes

    def close(self) -> None:
        """Stop the indexer's thread, then close the store (only the memory that opened this runtime does)."""
        if self.indexer is not None:
            self.indexer.close()
        self.store.close()
