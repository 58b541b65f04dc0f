"""Extraction without a model: deterministic, rule-based English. No network, no weights.

- :class:`OfflineExtractor` reads what the user said and proposes :class:`Fact` values: first-person
  facts ("I moved to Porto" -> "Lives in Porto"), preferences ("please don't call me before 9"), facts
  about people and pets the user names ("my daughter Ana"), and dated events with relative dates resolved
  against the message time. Each fact carries a subject/attribute key for consolidation
  (:mod:`engram.core.consolidate`) and the name of the rule that found it.
- The rules are named functions registered in groups (:mod:`engram.extract.registry`), one module per
  family under :mod:`engram.extract.rules`; :func:`engram.extract.registry.rules` lists them in run order.
- :func:`summarize` writes an extractive session summary, :func:`episode` an episode (goal, actions,
  outcome).
"""

from __future__ import annotations

from .base import Category, Fact
from .episode import EpisodeDraft, episode
from .extractor import OfflineExtractor, relations_from_keys
from .summary import SummaryDraft, summarize
from .text import expand, split_clauses, split_sentences

__all__ = ["Category", "EpisodeDraft", "Fact", "OfflineExtractor", "SummaryDraft", "episode", "expand",
           "relations_from_keys", "split_clauses", "split_sentences", "summarize"]
