"""Roles one person holds at a time: a spouse, a partner, a manager. Pure.

"Has a husband named Tomasz", "Wife is Ingrid", "Is married to Piotr" all name who holds the user's (or
someone's) spouse role, in words no key shares: each template keys them differently (``user/family:husband``,
``wife/note:ingrid``). A role of this kind has one holder, so a second name for it is a new holder, not one
more; :func:`holder` reads (whose, role, name) from a record's summary and :func:`new_holder` says when one
summary names another holder of the role another names. Kept small on purpose: only roles a person has one
of, in the plain forms extraction and people write ("ex-wife", "former boss" and negations are not holders).
"""

from __future__ import annotations

import re

from .text import NATIONALITIES, plain_letters

# a word for a role -> the role it is: a spouse, a boyfriend or girlfriend, a fiancé(e), a partner, a manager are
# each held by one at a time; the words of one role are one holder ("Has a wife named Åsa", "Husband is Åsa").
# A partner is kept apart from a spouse: "my wife Åsa" and "my partner Jonah" may be two people (a business or
# a travel partner), and forgetting a fact costs more than a stale extra one.
ROLES = {
    "wife": "spouse", "husband": "spouse", "spouse": "spouse", "boyfriend": "dating", "girlfriend": "dating",
    "fiance": "engaged", "fiancee": "engaged", "partner": "partner",
    "manager": "manager", "boss": "manager", "line manager": "manager", "supervisor": "manager",
    "team lead": "manager",
}
_ROLE = "|".join(sorted((re.escape(w) for w in ROLES), key=len, reverse=True))
_NAME = r"(?P<name>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)"
_WHOSE = r"(?:(?P<whose>[^\W\d_][\w'’-]*?)(?:'s|’s)\s+)?"
_FORMS = [re.compile(p, re.IGNORECASE) for p in (
    rf"^{_WHOSE}(?:new\s+)?(?P<role>{_ROLE})(?:'s name)?\s+is\s+(?:called\s+|named\s+)?{_NAME}",
    rf"^{_WHOSE}(?:new\s+)?(?P<role>{_ROLE})\s*[,:]\s*{_NAME}$",
    rf"^Has\s+a\s+(?:new\s+)?(?P<role>{_ROLE})\s+(?:named|called)\s+{_NAME}",
    rf"^{_WHOSE}(?P<role>{_ROLE})\s+(?P<name>[^\W\d_][\w'’-]*)\s",  # "Wife Åsa is turning forty"
    rf"^(?P<role>Is\s+(?:married|engaged)\s+to|Is\s+dating|Is\s+seeing)\s+{_NAME}",
    rf"^(?P<role>Reports\s+to|Works\s+under)\s+{_NAME}",
)]
_VERB_ROLES = {"married": "spouse", "engaged": "engaged", "dating": "dating", "seeing": "dating",
               "reports": "manager", "works": "manager"}


def holder(summary: str) -> tuple[str, str, str] | None:
    """(whose, role, name) when ``summary`` names who holds a one-holder role ("" whose: the user's); read
    with letters folded (:func:`~engram.core.text.plain_letters`), so "Zoë" and "Zoe" are one name and
    "fiancée" a role."""
    s = plain_letters(summary.strip())
    for pattern in _FORMS:
        m = pattern.match(s)
        if m is None:
            continue
        name = m.group("name")
        if not name[:1].isupper() or name.split()[0] in NATIONALITIES:
            continue  # "Partner is lovely", "Wife is Italian": not a name
        said = m.group("role").lower()
        role = ROLES.get(said) or next((r for w, r in _VERB_ROLES.items() if w in said.split()), None)
        if role is None:
            return None
        whose = (m.groupdict().get("whose") or "").lower()
        return whose, role, name.split()[0].lower()
    return None


def new_holder(new: str, old: str) -> bool:
    """``new`` names another holder of the role ``old`` names, for the same person."""
    a, b = holder(new), holder(old)
    return a is not None and b is not None and a[:2] == b[:2] and a[2] != b[2]


def role_words(summary: str) -> str:
    """Every word for the role ``summary`` names a holder of ("" when none): what to look its earlier
    holders up by, since each may have been written with another word ("Husband" for "Partner")."""
    held = holder(summary)
    return " ".join(w for w, r in ROLES.items() if held and r == held[1])
