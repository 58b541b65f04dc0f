"""Labels an extracted record inherits from the events it came from (pure).

Labels are exact values searches filter on, such as a customer id. A conversation usually carries them as
event metadata (``{"customer_id": "42"}``), not in its words, so neither the offline extractor nor a model
reading the text can know them. A record extracted from events gets each *declared* label that its source
events' metadata name with one value; a label the sources disagree on (two customers in one batch) is left
off rather than guessed. Labels the extraction set itself win.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..types import Event


def inherited_labels(declared: Collection[str], sources: Sequence[Event]) -> dict[str, str]:
    """The declared labels every source event that names them agrees on, as strings."""
    seen: dict[str, set[str]] = {}
    for ev in sources:
        meta: Mapping[str, object] = ev.metadata or {}
        for name in declared:
            value = meta.get(name)
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                continue
            text = str(value).strip()
            if text:
                seen.setdefault(name, set()).add(text)
    return {name: next(iter(values)) for name, values in sorted(seen.items()) if len(values) == 1}
