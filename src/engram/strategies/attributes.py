"""What a model's memory is about, read from its free-form key and summary, for checking its answers. Pure.

A model writes its own keys (``user/residence``, ``user/city``, ``user/lives_in``) and summaries ("Lives in
Porto"). To tell whether an answer misreads a plain statement (an employer stored as a residence, a
sister's city stored as the user's) the key and the summary are mapped onto a few attribute *families*
that the offline reading also produces. Anything outside the table is "unknown" and never judged: the
checks refuse an answer only when they can read it.
"""

from __future__ import annotations

import re

from ..core.consolidate import norm_key
from ..extract.lexicon import FAMILY, PETS

# subjects a key can be read as: the user, or a person or pet named by their relation ("sister", "dog")
_SUBJECTS = frozenset({"user", *(w.replace(" ", "_") for w in (*FAMILY, *PETS))})

# attribute heads (the part of a key after "subject/", before any ":item") -> family
_FAMILIES: dict[str, frozenset[str]] = {
    "residence": frozenset({"residence", "home", "city", "location", "lives_in", "living", "address", "lives",
                            "based", "based_in", "current_city", "home_city", "town", "place_of_residence"}),
    "employer": frozenset({"employer", "company", "workplace", "works_at", "works_for", "employment",
                           "work_place", "current_employer", "organisation", "organization"}),
    "job": frozenset({"job", "occupation", "profession", "job_title", "works_as", "career"}),
    "car": frozenset({"car", "vehicle", "drives", "automobile"}),
    "diet": frozenset({"diet"}),
    "language": frozenset({"language", "languages", "speaks", "speak", "spoken_language"}),
    "pet": frozenset({"pet", "pets", "dog", "cat"}),
    "allergy": frozenset({"allergy", "allergies", "allergic", "allergic_to"}),
}
_HEAD = {head: fam for fam, heads in _FAMILIES.items() for head in heads}

# a summary's leading verb -> family ("Lives in Porto", "Works at Arup", "Works as a nurse")
_SAID = (
    ("residence", re.compile(r"^(?:lives|living|resides|is based|based|moved|relocated)\b", re.IGNORECASE)),
    ("employer", re.compile(r"^(?:works|working|worked|is employed|employed) (?:at|for|by)\b|^joined\b",
                            re.IGNORECASE)),
    ("job", re.compile(r"^(?:works|working) as\b", re.IGNORECASE)),
    ("car", re.compile(r"^drives\b", re.IGNORECASE)),
)


def split_key(key: str | None) -> tuple[str, str]:
    """``sister:ana/residence`` -> (``sister``, ``residence``); a key without a subject is the user's."""
    parts = norm_key(key or "").split("/")
    subject = parts[-2] if len(parts) > 1 else "user"
    return subject.split(":", 1)[0], parts[-1]


def family(key: str | None) -> str | None:
    """The attribute family of a key (``user/city`` -> ``residence``), or None when the key is not read."""
    _, attribute = split_key(key)
    head = attribute.split(":", 1)[0]
    return _HEAD.get(head)


def said_family(summary: str) -> str | None:
    """The family a summary's leading verb states ("Lives in Porto" -> ``residence``), or None."""
    text = summary.strip()
    for fam, pattern in _SAID:
        if pattern.search(text):
            return fam
    return None


def claimed_family(key: str | None, summary: str) -> str | None:
    """What a memory says it is about: its key's family, else its summary's."""
    return family(key) or said_family(summary)


def same_subject(key: str | None, summary: str, subject: str) -> bool:
    """Whether a memory keyed ``key`` can be about ``subject`` (``user``, ``sister``, ...).

    Only a clear disagreement counts: the key names the user and nothing in it or the summary names
    ``subject`` ("Lives in Rome" keyed ``user/residence`` for what the sister said), or the key names
    someone else while ``subject`` is the user.
    """
    own, _ = split_key(key)
    subject = subject.split(":", 1)[0]
    if own == subject or own not in _SUBJECTS or subject not in _SUBJECTS:
        return True  # the same, or a subject this table cannot read (not judged)
    if own == "user":
        said = set(re.findall(r"[a-z]+", f"{norm_key(key or '')} {summary.lower()}".replace("_", " ")))
        return subject in said
    return subject != "user"
