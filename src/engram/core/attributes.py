"""What a question about the person is after, by meaning: the common attributes people ask a memory about.

A question asked in other words ("what would I take on a road trip?") often shares neither a word nor much
meaning with the record that answers it ("Drives a Honda Activa"): a small embedder places the question near
trips and weekends, the record near cars. Each attribute below is described the way such records and the
situations they matter in are worded; a question whose meaning is clearly nearest one attribute is searched
with its vector moved towards that description (:func:`steer`), so the attribute's records come nearer
whatever their wording and whichever path wrote them. Nothing here reads a record's key or its extractor.

Pure: the caller embeds :data:`DESCRIPTIONS` once per embedder and passes the vectors in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

# name -> how records about it are worded, and where it matters (one line each, plain words)
DESCRIPTIONS: dict[str, str] = {
    "food": "Allergic to peanuts; vegetarian, vegan, gluten-free, lactose intolerant, doesn't eat pork. Favourite "
            "food and cuisine: loves Thai food, sushi, Ethiopian. What they can and cannot eat or like to eat at "
            "meals, dinner and restaurants, or when someone cooks for them.",
    "home": "Lives in Leeds. Moved to Berlin. Their home town, city, neighbourhood, flat or house, where they "
            "live and where visitors would stay.",
    "employer": "Works at Siemens. Their employer, the company or organisation they work for, their office and "
                "workplace.",
    "occupation": "Works as a nurse, teacher, engineer or developer. Their job, profession, occupation and role "
                  "at work.",
    "manager": "Manager is Anna; reports to Anna. Their boss, line manager, supervisor, the person they report "
               "to at work who approves leave.",
    "partner": "Has a wife, husband, partner, girlfriend, boyfriend or fiancé named Sam; married to Sam. Their "
               "other half, spouse, relationship.",
    "children": "Has a son named Leo and a daughter named Mia. Their children, kids, baby; the kids' school.",
    "pet": "Has a dog named Rex, a cat named Miso, a budgie, a rabbit. Their pet animal they feed and walk.",
    "vehicle": "Drives a Toyota Corolla. Their car, van, motorbike or scooter; what they drive, park and take on "
               "road trips.",
    "sport": "Plays football, tennis or hockey; goes running, climbing, swimming, does yoga or pilates, goes to "
             "the gym. Their sport, exercise and fitness.",
    "languages": "Speaks Spanish and French; native language Portuguese; learning Japanese. The languages they "
                 "speak, read or could translate or interpret.",
    "music": "Favourite band, singer, artist or composer; listens to jazz, K-pop, Radiohead. Their taste in "
             "music and songs.",
    "family": "Their mother, father, parents, sister, brother, grandparents and relatives, and where each of "
              "them lives.",
    "schedule": "Has a class, lesson, practice, club or therapy every Tuesday; a weekly appointment on Mondays. "
                "Which day of the week their regular activities are.",
}


@dataclass(frozen=True, slots=True)
class Steering:
    """How far a question's vector moves towards an attribute: only when the question is nearer ``margin``
    more to its best attribute than to the next, and at least ``least`` near it; then by ``weight``."""

    least: float = 0.25
    margin: float = 0.05
    weight: float = 0.5


def sentences() -> tuple[list[str], np.ndarray]:
    """Each description's sentences, and the row of :data:`DESCRIPTIONS` each belongs to: a short question is
    compared with each line of a description, since a small embedder dilutes a long text ("what should a host
    know before cooking for me?" is 0.17 from the whole food description, 0.33 from its last line)."""
    texts: list[str] = []
    owner: list[int] = []
    for row, text in enumerate(DESCRIPTIONS.values()):
        for line in re.split(r"(?<=[.;])\s+", text):
            texts.append(line)
            owner.append(row)
    return texts, np.array(owner)


@dataclass(frozen=True, slots=True)
class Described:
    """The embedded descriptions: ``whole`` (one unit row per attribute: where a question is steered) and
    ``lines`` (one unit row per sentence, ``owner`` its attribute's row: how near a question is to each)."""

    whole: np.ndarray
    lines: np.ndarray
    owner: np.ndarray


def nearest(qvec: np.ndarray, described: Described, steering: Steering = Steering()) -> int | None:
    """The attribute row the question clearly asks after, or None: its nearest by the best line of each."""
    if described.whole.shape[0] < 2:
        return None
    sims = np.full(described.whole.shape[0], -1.0)
    np.maximum.at(sims, described.owner, described.lines @ qvec)
    order = np.argsort(-sims)
    best, second = float(sims[order[0]]), float(sims[order[1]])
    if best < steering.least or best - second < steering.margin:
        return None
    return int(order[0])


def steer(qvec: np.ndarray, described: Described, steering: Steering = Steering()) -> np.ndarray:
    """``qvec`` moved towards the attribute it clearly asks after (unit length), or unchanged."""
    row = nearest(qvec, described, steering)
    if row is None:
        return qvec
    moved = qvec + steering.weight * described.whole[row]
    norm = float(np.linalg.norm(moved))
    return (moved / norm).astype(np.float32) if norm > 0 else qvec
