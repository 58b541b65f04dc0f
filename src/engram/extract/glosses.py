"""Topic glosses: a few plain words saying what a record is about, so a question finds it by its topic.

"Lives in Turin" does not contain "city" or "home"; a question such as "which city is the user in?" meets
it through its gloss line, ``About: home city, where they live``, which is part of the record's content
(indexed and embedded with it, never shown as the summary). One gloss per attribute family of the
offline rules' keys; a key without a family gets none.
"""

from __future__ import annotations

_FAMILIES: dict[str, str] = {
    "residence": "home city, where they live, where they are living, where they are based, residence",
    "home_unit": "home address, flat, where they live",
    "address": "home address, where they live",
    "origin": "where they come from, home town, origin",
    "nationality": "nationality, where they come from",
    "job": "job, occupation, profession, work, what they do for a living",
    "employer": "employer, company, workplace, where they work, who employs them",
    "job_loss": "employer, job, work history",
    "shift": "work shifts, schedule",
    "major": "studies, degree, university subject",
    "university": "university, studies",
    "learning": "learning, lessons, studying, language",
    "language": "languages spoken",
    "diet": "diet, dietary restrictions, what they eat",
    "avoids": "diet, foods they avoid",
    "allergy": "allergy, health, what to avoid",
    "intolerance": "food intolerance, diet, health",
    "car": "car, vehicle, what they drive",
    "commute": "commute, how they get to work",
    "contact_channel": "contact preference, preferred channel, how to reach them",
    "contact_time": "contact preference, when to reach them",
    "preferred_time": "schedule preference, best time",
    "taste": "likes, interests, hobby, what they do for fun, in their free time",
    "main_hobby": "hobby, interests, pastime",
    "hobby": "hobby, pastime, interests, likes, what they do for fun, in their free time, spare time",
    "favourite": "favourite, likes",
    "family": "family, people they know",
    "pet": "pets, animals",
    "age": "age, how old",
    "birthday": "birthday, date of birth",
    "name": "name",
    "nickname": "name, what to call them",
    "email": "email address, contact details",
    "phone": "phone number, contact details",
    "reply_language": "language preference for replies",
}


def gloss(key: str | None) -> str:
    """``About: ...`` for a record with this key, or "" when its attribute has no family."""
    if not key:
        return ""
    attribute = key.partition("/")[2] or key
    head = attribute.split(":", 1)[0]
    words = _FAMILIES.get(head) or (_FAMILIES["favourite"] if head.startswith("favourite_") else "")
    return f"About: {words}" if words else ""
