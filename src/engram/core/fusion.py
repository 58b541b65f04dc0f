"""Ranking, done once for every backend: BM25, hybrid fusion, context, episodes, time, recency. Pure.

Backends return *candidates* (lexical ones with their indexed terms, vector ones with their cosine, and on
request the items written just before and after a candidate); :func:`rank` turns a pool of them into one
*absolute* score in [0, 1]: every part is measured against a fixed scale, never against the other
candidates, so a score means the same in every query and every memory. For a candidate ``i`` of the pool
(a session event, or a record):

    b_i   BM25 of i's terms for every query term the corpus holds (k1 1.2, b 0.5, mean length over the pool)
    x_i   b_i + sum over d = 1..3 of  c * 2^-(d-1) * b(d-th item before i)  +  c/2 * 2^-(d-1) * b(d-th item after i)
          (c = 0.5; only items of i's episode): the answer to a question usually sits right after the
          message that names its topic, so a turn borrows part of its neighbours' keyword evidence
    D     sum of idf(t) over the query's distinct terms, a term no document holds at its highest idf: what a
          document of mean length holding every query term once scores (the query's attainable evidence)
    L_i   min(1, x_i / D): IDF-weighted coverage of the query       (0: no keyword evidence)
    V_i   the meaning similarity: the embedder's cosine on its own documented scale (:class:`CosineScale`:
          0.2 where the weakest reworded answers sit, 0.75 at a shared-word answer's median; below the floor a
          small tail keeps the embedder's order instead of tying at 0)
    G     min(1, max V over the pool / 0.5): whether the memory holds the query's meaning at all (the best
          cosine is a property of the query and the memory, not of the pool); 1 without vectors
    B_i   G * max((w_lex * L'_i + w_vec * V_i) / (w_lex + w_vec), m * V_i)   (w_lex 3, w_vec 1: L is a
          coverage, seldom near 1, V spreads wider; L'_i is L_i with i's own b_i weighed by A_i = min(1, V_i / v0)
          and what a record borrows by A'_i = min(1, V_i / v1) (with an embedder whose unrelated records reach up
          its scale, from there: (V_i - V_u) / (v0 - V_u), v1 for A', :meth:`CosineScale.agreement`; e5's V_u 0.25)
          (both 1 with no cosine; A' 1 for a message, whose
          neighbours in a conversation carry on its topic, and for the answer to a question right before it,
          which names its topic: "summer vacation" -> "Lisbon, with my sister Ana."); v0 0.5: a
          shared word counts in full only where the meaning agrees, so "what pet does the customer have" is not
          won by every record saying "customer"; v1 0.3: a neighbour's word names the topic, but a record far from
          the question's meaning does not answer it (records written together, a user's facts, lent each other a
          word and outranked the answer: "where does the client live" -> "Mentors first-generation law students");
          m 0.5: a paraphrase sharing no keyword still counts. Set on bench/reworded.py's
          tune half with LoCoMo's tune conversations: m 0.3 -> 0.5 and v0 0 -> 0.5 took reworded hit@1 from
          0.69 to 0.73 (vector alone 0.74) for -1.1 / -0.4 R@10 (history / recall) on two LoCoMo
          conversations, most of it from the new cosine scale; m 1 cost 12 points there; v1 0.3 took reworded
          hit@3 / @5 from 0.900 / 0.925 to 0.908 / 0.933, vector alone's, for 0 / -0.1 LoCoMo tune R@10 (history /
          recall); m 0.8 reached vector alone's hit@1 too but cost LoCoMo 7 points)
          In a chat whose assistant answers at length (:func:`long_replies`: both sides, replies 3x the user's
          length): w_lex 0.5; a message borrows c from the replies after it and nothing from before (a reply
          restates what it answers); B of the side a question is not about ("what did I say": the assistant's;
          "what did you suggest": the user's; naming neither side: the assistant's) is cut by 80%
          B_i is cut by a * Q_i (a 0.7), Q_i the share of i's terms inside its questions (core.text.question_share),
          unless the query is about asking: a question states nothing (LoCoMo tune split: turns holding a
          question took a quarter of the top-10 slots and were the evidence a third as often as the others)
    E_i   max B over i's episode: the items of one group (records: the turn that wrote them; events: the
          session) without a pause longer than ``episode_gap_hours`` between them
    T_i   1 when the query names a period ("on 1 May 2023", "in 2022", "last week") and i was written from
          a day before it to a week after it (people tell of things after they happen); else 0
    W_i   1 when the query asks *when* and i's text places something in time ("yesterday", "June", 2022)
    F_i   (B_i + g E_i + (p T_i + q W_i) E_i) / (1 + g + p [query names a period] + q [query asks when])
          (g 0.3, p 0.25, q 0.15): time only adds to evidence, it is none by itself
    R_i   0.5 ** (age / half_life)                                       (only when a half-life is set)
    N_i   0.5 ** (days from message i to the pool's newest message / 30), only when the query asks how things
          stand now (:func:`~engram.core.text.asks_now`: "which gym do I go to now?", "am I in a relationship?"):
          of two tellings of a fact that changed, the later one is wanted (longchat2's tune half: the latest
          telling ranked above every earlier one for 16 of 29 changed facts, 19 with N). Measured against the
          pool's newest message, not the clock, so an old conversation's tellings stay apart. Messages only:
          records are consolidated, a changed fact superseding the old one (on the blind chat set 3's tune half
          N on records cost one probe of latest@3 and moved no stale one)
    score = (F_i * (1 - w_rec + w_rec * R_i) * (1 - w_now + w_now * N_i)) ** 0.85 (w_now 0.2): age discounts
          evidence, it never makes any (the exponent is monotone: it changes no order)

Mode ``lexical`` ranks by L alone and ``vector`` by V alone (times recency): no context, episode or time part.
``min_score`` applies to matches by meaning alone (the Twisp document), and is asked of the memory before
each match (:func:`cut`): when no item's V reaches ``min_score`` (1.25 x it for a query that refers to no one,
:func:`~engram.core.text.refers_to_someone`), the memory holds nothing near the query's meaning and only a
match covering most of its keyword evidence stays (a question after the person's own things, asked of their
records, is not cut: :func:`cut`); otherwise every keyword match stays (its
own terms, or lent by the records written with it or, for a message, by the question it answers), and a match
by meaning alone stays when its V reaches ``min_score`` or 0.4 of the best V: an answer to a question asked in
other words is often only a little less loose than the best match. Every part is
reported on :class:`Scored` so users can see why.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from .text import QueryAnalysis, has_temporal

BM25_K1 = 1.2
BM25_B = 0.5  # chat turns and records vary in length; long ones are penalised less than with 0.75
PERIOD_BEFORE = timedelta(days=1)
PERIOD_AFTER = timedelta(days=7)
MODES = ("hybrid", "lexical", "vector")


CANDIDATE_POSTINGS = 1_000  # a backend reads at most this many matches per query term when choosing candidates


def term_rarity(df: int) -> float:
    """A query term's weight when a backend chooses lexical candidates: ``log(1 + P / min(P, df))``.

    Candidates are ranked by the summed rarity of the query terms they hold, newest first on ties; every
    backend uses this one formula so they all hand the same candidates to :func:`bm25`.
    """
    return math.log(1.0 + CANDIDATE_POSTINGS / max(1, min(CANDIDATE_POSTINGS, df)))


@dataclass(frozen=True, slots=True)
class TermStats:
    """Corpus statistics a backend reports for the query terms: document count and document frequencies."""

    doc_count: int
    doc_freq: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class LexicalCandidate:
    id: str
    terms: Sequence[str]  # the document's indexed terms (core.text.index_terms)


@dataclass(frozen=True, slots=True)
class VectorCandidate:
    id: str
    cosine: float


@dataclass(frozen=True, slots=True)
class CosineScale:
    """Where an embedder's cosines sit: ``floor`` is what unrelated text reaches (scores 0), ``ceiling`` a close
    paraphrase (scores 1). Measured per embedder (``bench/calibrate.py``); an embedder may carry its own as
    ``cosine_scale``."""

    floor: float = 0.016  # MiniLM's (bench/reworded.py --calibrate 0.05)
    ceiling: float = 0.878
    # where the records that do not answer a question stop: 90% of their cosines are under it (bench/reworded.py
    # --calibrate); None: nowhere above the floor. A shared word counts from there (:meth:`agreement`)
    unrelated: float | None = None

    def __call__(self, cosine: float) -> float:
        """Linear from floor (0) to 80% of the way to the ceiling, then bending towards 1 without reaching it,
        so close matches above the ceiling keep their order instead of tying at 1. Below the floor a small tail
        (under ``SCALE_TAIL``, falling towards 0) keeps the embedder's order instead of tying every weak match
        at 0 (with e5, whose cosines crowd above 0.7, most of a memory sat below its floor)."""
        x = (cosine - self.floor) / ((self.ceiling - self.floor) or 1.0)
        if x <= 0:
            return SCALE_TAIL * math.exp(x)
        if x <= SCALE_KNEE:
            return SCALE_TAIL + (1 - SCALE_TAIL) * x
        return SCALE_TAIL + (1 - SCALE_TAIL) * (
            SCALE_KNEE + (1 - SCALE_KNEE) * math.tanh((x - SCALE_KNEE) / (1 - SCALE_KNEE)))

    def agreement(self, similarity: float, full: float) -> float:
        """How far a meaning similarity (``self(cosine)``) agrees with the query, in [0, 1]: 1 from ``full`` (the
        v0 and v1 of :func:`rank`), 0 at the similarity of the ``unrelated`` cosine and below, linear in between
        (``similarity / full`` when ``unrelated`` is None, MiniLM's: its unrelated records sit at its floor).

        An embedder whose records that do not answer reach far up its scale (e5: 90% of them under similarity
        0.25, the nearest one of a reworded question at a median 0.36, the answer at 0.38; MiniLM: 0.17, 0.27,
        0.42) would otherwise let one shared word outrank the answer by meaning ("what pet does the customer
        have" -> "Customer gave the last support chat a 4 out of 5 rating", not "Has a cat named Miso")."""
        base = 0.0 if self.unrelated is None else self(self.unrelated)
        if full <= base:
            return 1.0 if similarity > base else 0.0
        return min(1.0, max(0.0, similarity - base) / (full - base))


SIDES = ("user", "assistant")
ASK_TERM = "ask"  # the query term ("what did I ask …") that makes questions the evidence wanted
SCALE_KNEE = 0.8
SCALE_TAIL = 0.02  # V at the floor; below it V falls towards 0 (an order, never evidence a cut keeps)
DEFAULT_MIN_SCORE = 0.2  # the default cut of recall and history search (AgentCore's relevanceScore default)


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of :func:`rank` (see the module docstring for where each one enters)."""

    lexical: float = 3.0  # L is a coverage, rarely near 1; V spreads wider: keywords weigh three times meaning
    vector: float = 1.0
    recency: float = 0.0  # share of the final score given to recency when a half-life is set
    half_life_days: float | None = None
    now: float = 0.2  # w_now: share of the score given to being said late, for a question about how things stand now
    now_half_life_days: float = 30.0  # N halves for every 30 days an item is older than the pool's newest
    context: float = 0.5  # c: share of the previous item's keyword evidence a candidate borrows
    window: int = 3  # items on each side that lend evidence
    episode: float = 0.3  # g
    period: float = 0.25  # p
    when: float = 0.15  # q
    episode_gap_hours: float = 1.0
    cosine: CosineScale = CosineScale()
    meaning: float = 0.5  # m: B is at least this share of V, so meaning alone can carry a hit
    agreement: float = 0.5  # v0: keyword evidence counts in full once V reaches this, in part below it
    lent_agreement: float = 0.3  # v1: what a record borrows from its neighbours counts in full once V reaches this
    asking: float = 0.7  # a: share of B taken from an item, times the share of it that asks (unless asked about)
    speaker: float = 0.8  # s: in a user/assistant chat, share of B taken from the side a question is not about
    unnamed: float = 0.8  # u: the same for a question naming neither side, taken from the assistant's
    reply_length: float = 3.0  # the pool is a chat with long replies when the assistant's items are this much longer
    chat_lexical: float = 0.5  # w_lex in a user/assistant chat (long replies restate and dilute the keywords)
    gate: float = 0.5  # G = min(1, max V over the pool / gate): evidence counts in full once meaning is found
    gate_floor: float = 0.25  # G when nothing in the memory comes near the query's meaning
    spread: float = 0.85  # the score is F ** spread: puts the 0.2 default cut at the knee (module docstring)
    runner_up: float = 0.4  # r: a match by meaning alone is kept down to r x the best V (:func:`cut`)
    alone: float = 0.5  # k: keyword coverage L a match needs when the memory does not answer the query
    impersonal: float = 1.25  # i: a query about no one needs the memory's best V to reach i x min_score (:func:`cut`)
    personal: float = 0.8  # p: a query about the person needs only p x min_score of it: 1 / i, the same factor


@dataclass(frozen=True, slots=True)
class Candidate:
    """One item of the pool :func:`rank` scores; unknown parts are None (they count as no evidence)."""

    id: str
    at: datetime
    group: str  # items of one group, close in time, form an episode
    terms: Sequence[str] | None = None
    cosine: float | None = None
    before: tuple[str, ...] = ()  # ids of the items written right before it, nearest first
    after: tuple[str, ...] = ()  # ids of the items written right after it, nearest first
    role: str | None = None  # events: who wrote it ("user", "assistant", "tool"); records: None
    asks: float = 0.0  # share of the item's terms inside its questions (core.text.question_share): 1 only asks


@dataclass(frozen=True, slots=True)
class Scored:
    """A ranked candidate: its score in [0, 1] and the parts it is made of (None: not part of this mode)."""

    id: str
    score: float
    lexical: float | None
    vector: float | None
    recency: float | None
    cosine: float | None
    context: float | None = None  # share of the lexical evidence lent by neighbours
    episode: float | None = None
    time: float | None = None  # 1.0 when a period or "when" part matched
    current: float | None = None  # N: how late the item was said, for a question about how things stand now


SELECT_MAX_DF_RATIO = 0.05  # select_terms' defaults (stores/postgres/sql.py PICKED_TERMS states the same rule)
SELECT_KEEP_AT_LEAST = 2


def select_terms(terms: Sequence[str], stats: TermStats, *, max_df_ratio: float = SELECT_MAX_DF_RATIO,
                 keep_at_least: int = SELECT_KEEP_AT_LEAST) -> list[str]:
    """Terms to *retrieve* candidates by: drop very common ones (document frequency above ``max_df_ratio``)
    and those no document has.

    Common terms make an OR query touch nearly every row; dropping them keeps a 12-word question fast on
    1M rows. Ranking still scores every query term on the candidates. When every term is common, the
    rarest few are kept.
    """
    present = [t for t in terms if stats.doc_freq.get(t, 0) > 0]
    if stats.doc_count <= 0:
        return present
    limit = max_df_ratio * stats.doc_count
    rare = [t for t in present if stats.doc_freq[t] <= limit]
    if len(rare) >= min(keep_at_least, len(present)):
        return rare
    return sorted(present, key=lambda t: stats.doc_freq[t])[:keep_at_least]


def idf(term: str, stats: TermStats) -> float:
    n = max(stats.doc_count, 1)
    df = min(stats.doc_freq.get(term, 0), n)
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def attainable(query: Sequence[str], stats: TermStats) -> float:
    """D: the BM25 of a mean-length document holding every distinct query term once (a term no document
    holds counts at its highest idf), the scale keyword evidence is measured on."""
    return sum(idf(t, stats) for t in set(query))


def bm25(query: Sequence[str], docs: Mapping[str, Sequence[str]], stats: TermStats) -> dict[str, float]:
    """Okapi BM25 of each document for the query terms; mean length taken over ``docs``. Zeros left out."""
    if not docs or not query:
        return {}
    weights = {t: idf(t, stats) for t in set(query) if stats.doc_freq.get(t, 0) > 0}
    if not weights:
        return {}
    avgdl = sum(len(d) for d in docs.values()) / len(docs) or 1.0
    out: dict[str, float] = {}
    for doc, terms in docs.items():
        tf: dict[str, int] = {}
        for t in terms:
            if t in weights:
                tf[t] = tf.get(t, 0) + 1
        if not tf:
            continue
        norm = BM25_K1 * (1 - BM25_B + BM25_B * len(terms) / avgdl)
        out[doc] = sum(weights[t] * f * (BM25_K1 + 1) / (f + norm) for t, f in tf.items())
    return out


def recency(at: datetime, now: datetime, half_life_days: float) -> float:
    """0.5 ** (age / half_life), 1.0 for anything dated in the future."""
    age = (now - at).total_seconds() / 86400.0
    return 1.0 if age <= 0 else 0.5 ** (age / half_life_days)


def episodes(pool: Iterable[Candidate], gap_hours: float) -> dict[str, int]:
    """Episode number of each candidate: same group, no pause longer than ``gap_hours`` in between."""
    by_group: dict[str, list[Candidate]] = {}
    for c in pool:
        by_group.setdefault(c.group, []).append(c)
    out: dict[str, int] = {}
    gap = timedelta(hours=gap_hours)
    n = 0
    for group in sorted(by_group):
        items = sorted(by_group[group], key=lambda c: (c.at, c.id))
        last: datetime | None = None
        for c in items:
            if last is not None and c.at - last > gap:
                n += 1
            out[c.id] = n
            last = c.at
        n += 1
    return out


def in_periods(at: datetime, periods: Sequence[tuple[datetime, datetime]]) -> bool:
    """Whether something written at ``at`` may tell of one of the periods (a day before to a week after)."""
    return any(start - PERIOD_BEFORE <= at < end + PERIOD_AFTER for start, end in periods)


def _cosine_parts(pool: Sequence[Candidate], scale: CosineScale) -> dict[str, float]:
    return {c.id: scale(c.cosine) for c in pool if c.cosine is not None}


def long_replies(pool: Sequence[Candidate], ratio: float) -> bool:
    """Whether the pool is a user/assistant chat whose assistant answers at length: both sides are present and
    the assistant's items hold on average ``ratio`` times as many terms as the user's. Such replies restate the
    user's words among much else; a dialog of people, or an assistant answering in a line, has neither."""
    sizes: dict[str, list[int]] = {side: [] for side in SIDES}
    for c in pool:
        if c.role in sizes and c.terms is not None:
            sizes[c.role].append(len(c.terms))
    user, assistant = sizes["user"], sizes["assistant"]
    if not user or not assistant:
        return False
    return sum(assistant) / len(assistant) >= ratio * max(1.0, sum(user) / len(user))


def combine(base: float, episode: float, period: float, when: float, recency_part: float | None, *,
            weights: Weights, hybrid: bool, use_period: bool, use_when: bool, current: float | None = None
            ) -> float:
    """The final score from its parts (each in [0, 1]): F = (B + g E + (p T + q W) E) / (1 + g + p + q) over
    the parts in use, times (1 - w_rec + w_rec R) and (1 - w_now + w_now N). Non-decreasing in every part,
    always in [0, 1], and 0 when there is no evidence (B = E = 0) whatever the time and recency parts say."""
    g = weights.episode if hybrid else 0.0
    p = weights.period if use_period else 0.0
    q = weights.when if use_when else 0.0
    fused = (base + g * episode + (p * period + q * when) * episode) / (1.0 + g + p + q)
    if recency_part is not None:
        fused *= (1 - weights.recency) + weights.recency * recency_part
    if current is not None:
        fused *= (1 - weights.now) + weights.now * current
    return min(1.0, max(0.0, fused)) ** weights.spread


def rank(pool: Sequence[Candidate], query: QueryAnalysis, stats: TermStats, *, mode: str = "hybrid",
         weights: Weights = Weights(), min_score: float | None = None, now: datetime | None = None
         ) -> list[Scored]:
    """Score every candidate of the pool (module docstring), best first; ties broken by id."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    pool = list({c.id: c for c in pool}.values())
    hybrid = mode == "hybrid"
    own = bm25(query.terms, {c.id: c.terms for c in pool if c.terms is not None}, stats) if mode != "vector" else {}
    epi = episodes(pool, weights.episode_gap_hours) if hybrid else {c.id: 0 for c in pool}
    chat = hybrid and long_replies(pool, weights.reply_length)  # a user/assistant chat, not a dialog of people
    lent: dict[str, float] = {}
    answers: set[str] = set()  # items whose keyword evidence is lent by the question right before them
    if hybrid and weights.context > 0 and own:
        # a dialog of people: a turn answers the one before it (c), which named the topic, and lends to it (c/2);
        # a user/assistant chat: a reply restates the message it answers and was about nothing before it
        shares = (0.0, weights.context) if chat else (weights.context, weights.context / 2)
        asks = {c.id: c.asks for c in pool}
        for c in pool:
            s = 0.0
            for side, share in ((c.before, shares[0]), (c.after, shares[1])):
                for d, other in enumerate(side[: weights.window]):
                    if other in own and epi.get(other) == epi[c.id]:
                        s += share * 0.5 ** d * own[other]
            if s > 0:
                lent[c.id] = s
            if c.before and c.before[0] in own and epi.get(c.before[0]) == epi[c.id] and asks[c.before[0]] >= 0.5:
                answers.add(c.id)
    x = {i: own.get(i, 0.0) + lent.get(i, 0.0) for i in set(own) | set(lent)}
    scale = attainable(query.terms, stats)
    vparts = _cosine_parts(pool, weights.cosine) if mode != "lexical" else {}
    lparts = {c.id: min(1.0, x.get(c.id, 0.0) / scale) if scale > 0 else 0.0 for c in pool}
    wl, wv = (weights.lexical, weights.vector) if hybrid else ((1.0, 0.0) if mode == "lexical" else (0.0, 1.0))
    if chat:
        wl = weights.chat_lexical
    base: dict[str, float] = {}
    for c in pool:
        lp = lparts[c.id]
        if hybrid and weights.agreement > 0 and c.cosine is not None and scale > 0:  # a shared word, another meaning
            v = vparts.get(c.id, 0.0)
            agree = weights.cosine.agreement(v, weights.agreement)  # A: on its own words
            # A' on what a record borrows, unless it answers the question right before it (that names its topic);
            # messages are a conversation, whose neighbours carry on one topic: they borrow in full
            borrowed = (weights.cosine.agreement(v, weights.lent_agreement)
                        if weights.lent_agreement > 0 and c.role is None and c.id not in answers else 1.0)
            lp = min(1.0, (agree * own.get(c.id, 0.0) + borrowed * lent.get(c.id, 0.0)) / scale)
        base[c.id] = (wl * lp + wv * vparts.get(c.id, 0.0)) / ((wl + wv) or 1.0)
        if hybrid:  # a close match by meaning alone (a paraphrase sharing no keyword) still counts
            base[c.id] = max(base[c.id], weights.meaning * vparts.get(c.id, 0.0))
    if chat:  # "what did I say": the user's words; a question naming no side is about the user's world
        asked, share = (query.speaker, weights.speaker) if query.speaker is not None else ("user", weights.unnamed)
        for c in pool:
            if c.role in SIDES and c.role != asked:
                base[c.id] *= 1.0 - share
    if hybrid and weights.asking > 0 and ASK_TERM not in query.terms:  # a question states nothing
        for c in pool:
            base[c.id] *= 1.0 - weights.asking * min(1.0, max(0.0, float(c.asks)))
    if hybrid and weights.gate > 0:  # G: does the memory hold the query's meaning at all?
        found = min(1.0, max(vparts.values(), default=0.0) / weights.gate)
        base = {i: b * (weights.gate_floor + (1 - weights.gate_floor) * found) for i, b in base.items()}
    best_in: dict[int, float] = {}
    for c in pool:
        best_in[epi[c.id]] = max(best_in.get(epi[c.id], 0.0), base[c.id])
    use_period = hybrid and weights.period > 0 and bool(query.periods)
    use_when = hybrid and weights.when > 0 and query.asks_when
    use_recency = weights.half_life_days is not None and weights.recency > 0
    # a question about now: of a conversation's tellings the later wins (records are consolidated instead)
    newest = (max((c.at for c in pool if c.role is not None), default=None)
              if hybrid and weights.now > 0 and query.now else None)
    out: list[Scored] = []
    for c in pool:
        lpart = lparts[c.id]
        matched = lpart > 0 if mode == "lexical" else (c.cosine is not None if mode == "vector"
                                                        else lpart > 0 or c.cosine is not None)
        if not matched:
            continue
        tpart = 1.0 if use_period and in_periods(c.at, query.periods) else 0.0
        t_when = use_when and c.terms is not None and has_temporal(c.terms)
        rpart = (recency(c.at, now or datetime.now(c.at.tzinfo), weights.half_life_days or 1.0)
                 if use_recency else None)
        npart = (recency(c.at, newest, weights.now_half_life_days)
                 if newest is not None and c.role is not None else None)
        score = combine(base[c.id], best_in[epi[c.id]], tpart, 1.0 if t_when else 0.0, rpart, weights=weights,
                        hybrid=hybrid, use_period=use_period, use_when=use_when, current=npart)
        out.append(Scored(
            id=c.id, score=score,
            lexical=lpart if mode != "vector" else None,
            vector=vparts.get(c.id, 0.0) if mode != "lexical" else None,
            recency=rpart, cosine=c.cosine,
            context=(lent.get(c.id, 0.0) / x[c.id] if x.get(c.id) else 0.0) if hybrid else None,
            episode=best_in[epi[c.id]] if hybrid else None,
            time=(1.0 if tpart or t_when else 0.0) if (use_period or use_when) else None,
            current=npart,
        ))
    written = {c.id: c.at.timestamp() for c in pool}
    out.sort(key=lambda s: (-s.score, -written.get(s.id, 0.0), s.id))  # of equal scores, the newer first
    if min_score is None or min_score <= 0:
        return out
    by_words = {c.id for c in pool
                if own.get(c.id, 0.0) > 0 or (lparts[c.id] > 0 and (c.role is None or c.id in answers))}
    if not vparts:  # no meaning to judge (lexical mode, or nothing embedded yet): keyword evidence keeps an item
        return [s for s in out if s.id in by_words]
    owner = query.owned and all(c.role is None for c in pool)  # the person's own records asked after them
    return cut(out, min_score, weights, by_words, personal=query.personal, owner=owner)


def cut(ranked: Sequence[Scored], min_score: float, weights: Weights, by_words: set[str], *,
        personal: bool = True, owner: bool = False) -> list[Scored]:
    """What ``min_score`` keeps of a ranked list (best first) whose items carry a meaning similarity.

    It is asked of the memory first: when no item's V reaches ``min_score``, nothing stored is near the query's
    meaning (astrophysics asked of a customer's memory) and only a match covering most of the query's keyword
    evidence (L >= ``alone``) stays: one shared word is not an answer. Otherwise every keyword match stays
    (``by_words``: its own terms, or lent by the records written with it or, for a message, by the question it
    answers; what other messages lend only ranks, so a one-word search does not return the conversation around
    its match), and a match by meaning alone stays when its V reaches ``min_score`` or ``runner_up`` times the
    best V: forgetting a stored fact costs more than a weak extra hit (``limit`` bounds the list).

    A query that refers to no one (``personal`` False: no pronoun, no "the customer") is asked of the world
    more often than of the memory, so the memory's best V must reach ``impersonal`` x ``min_score`` for it; one
    that refers to someone ("who is my employer?") is asked of the memory, and ``personal`` x ``min_score`` is
    enough: a memory's only record, "Works at Nestlé" (V 0.16), answers it. A question after the person's own
    things asked of their records (``owner``: "anything I can't have at dinner?" of a memory holding "Allergic to
    walnuts", V 0.05) is not cut by the memory's best meaning at all: the question is about what the memory
    holds, so its nearest records come back with their low scores (``limit`` bounds them) rather than nothing."""
    if owner or not ranked:
        return list(ranked)
    best_v = max((s.vector or 0.0) for s in ranked)
    if best_v < min_score * (weights.personal if personal else weights.impersonal):
        return [s for s in ranked if s.id in by_words and (s.lexical or 0.0) >= weights.alone]
    floor = min(min_score, weights.runner_up * best_v)
    return [s for s in ranked if s.id in by_words or (s.vector or 0.0) >= floor]
