"""Group ``preferences`` (second part): tastes, likes and dislikes, hobbies, "I prefer X", standing instructions.

Registered after :mod:`engram.extract.rules.preferences`, so the more specific shapes there win. A taste
whose object is a pastime is a hobby (``user/hobby:climb``, see :func:`taste_key`): its own multi-valued
family, so a hobby said with a word of change ("into climbing *now*", "took up X *instead*", "my main hobby
is X *now*") takes the place of the other hobbies (``switch``) and leaves "Likes jazz" alone. Without such a
word ("I took up knitting", "I also love chess") a hobby is added to the others.
"""

from __future__ import annotations

import re

from ..base import Clause, Context, Fact, make_fact, said_as_switch
from ..lexicon import PERSIST
from ..registry import rule
from ..text import cap, is_activity, strip_article, trim_np, value_terms


def taste_key(obj: str) -> str:
    """``hobby:<item>`` for a pastime, ``taste:<item>`` for anything else one can like."""
    return f"{'hobby' if is_activity(obj) else 'taste'}:{value_terms(obj, 3)}"


def _switch(c: Clause, obj: str, negative: bool = False) -> bool:
    """A liked pastime said with a word of change (:func:`~engram.extract.base.said_as_switch`)."""
    return not negative and is_activity(obj) and said_as_switch(c)


LIKE_VERBS = (r"(?P<v>love|loves|adore|adores|like|likes|enjoy|enjoys|am into|is into|are into|am really into|"
               r"is really into|am a (?:big |huge )?fan of|is a (?:big |huge )?fan of|hate|hates|dislike|dislikes|"
               r"detest|detests|cannot stand|can not stand|loathe|loathes|am not a (?:big |huge )?fan of|"
               r"is not a (?:big |huge )?fan of|do not like|does not like|do not enjoy|does not enjoy|"
               r"do not love|no longer enjoy|no longer like|have come to (?:love|enjoy|like)|"
               r"have really come to (?:love|enjoy|like)|have started to (?:love|enjoy|like)|"
               r"have grown to (?:love|enjoy|like)|have always (?:loved|liked|enjoyed|hated)|"
               r"really (?:love|like|enjoy|hate|dislike)|also (?:love|like|enjoy|hate)|absolutely (?:love|hate)|"
               r"kind of (?:like|love|hate)|still (?:love|like|enjoy)|love love)")


@rule("preferences")
def big_fan(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Big Arsenal fan here", "huge jazz fan"."""
    m = re.match(r"^(?:(?:a\s+)?(?:big|huge|massive|lifelong|die-hard|diehard|total|proud)\s+)(?P<x>[\w\s'-]{2,30}?)\s+"
                 r"fan(?:\s+here)?\b", c.text, re.IGNORECASE)
    if not m:
        return None
    x = m.group("x").strip()
    return [make_fact(c, "user", taste_key(x), "like", f"Big fan of {x}", "preference")]


@rule("preferences")
def used_to_love(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I used to love horror movies": a taste that is over."""
    m = re.match(r"^I\s+used\s+to\s+(?:really\s+)?(?P<v>love|like|enjoy|adore|be into)\s+(?P<obj>.+)$", c.text,
                 re.IGNORECASE)
    if not m:
        return None
    obj = strip_article(trim_np(m.group("obj")))
    if not obj or obj.split()[0].lower() in ("it", "that", "this", "them"):
        return None
    return [make_fact(c, "user", taste_key(obj), "no longer", f"No longer enjoys {obj}", "preference")]


@rule("preferences")
def my_thing(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Bouldering is my thing now", "jazz is my jam"."""
    m = re.match(r"^(?P<obj>[\w\s'-]{2,40}?)\s+(?:is|are)\s+(?:now\s+|really\s+|totally\s+)?my\s+(?:thing|jam|go-to|"
                 r"passion|obsession)\b", c.text, re.IGNORECASE)
    if not m:
        return None
    obj = strip_article(m.group("obj")).lower()
    return [make_fact(c, "user", taste_key(obj), "like", f"Loves {obj}", "preference", switch=_switch(c, obj))]


@rule("preferences")
def main_hobby(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My main hobby is pottery (now)", "my big passion is painting": the same item as "I'm into pottery"."""
    m = re.match(r"^my\s+(?:(?:main|favourite|favorite|big|only|new|current)\s+)?(?P<w>hobby|pastime|passion)\s+"
                 r"(?:is|are)\s+(?P<x>.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    x = strip_article(trim_np(m.group("x")))
    if not x or len(x.split()) > 4:
        return None
    if m.group("w").lower() == "passion":  # "my big passion is jazz" is a taste, "... is painting" a hobby
        return [make_fact(c, "user", taste_key(x), "like", f"Passionate about {x}", "preference",
                          switch=_switch(c, x))]
    head = "Main hobby" if re.match(r"^my\s+(?:main|favou?rite|big|only)\b", c.text, re.IGNORECASE) else "Hobby"
    return [make_fact(c, "user", f"hobby:{value_terms(x, 3)}", "like", f"{head} is {x}", "preference",
                      switch=said_as_switch(c))]


@rule("preferences", name="taste")
def likes_dislikes(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I don't like olives", "I really love hiking", "my son hates broccoli", "she prefers tea"."""
    subj, disp, body = c.subject
    return taste(c, ctx, body, subj, disp) or None


def taste(c: Clause, ctx: Context, body: str, subj: str, disp: str) -> list[Fact]:
    """The taste in a clause about ``subj`` (``body`` starts with "SUBJ" for someone else), or nothing."""
    t = c.text
    if subj == "user":
        m = re.match(r"^(?:I|we)\s+(?:(?:\w+ly|also|just|still|do|think I)\s+)*"
                     + LIKE_VERBS + r"\s+(?P<obj>.+)$", t, re.IGNORECASE)
        m = m or re.match(r"^(?:I|we)\s+(?:am|are)\s+(?:(?:really|also|so|very|quite|totally)\s+)*"
                          r"(?P<v>into|a (?:big |huge )?fan of|not (?:a |really a )?(?:big |huge )?fan of|"
                          r"not (?:really |very |that |too |so |at all )?(?:into|keen on)|crazy about|obsessed with|"
                          r"passionate about|keen on)\s+(?P<obj>.+)$",
                          t, re.IGNORECASE)
    elif subj:
        m = re.match(r"^SUBJ\s+(?:(?:really|also|absolutely|still)\s+)*" + LIKE_VERBS + r"\s+(?P<obj>.+)$",
                     body, re.IGNORECASE)
        m = m or re.match(r"^SUBJ\s+is\s+(?:(?:really|also|so|totally)\s+)*(?P<v>obsessed with|crazy about|into|"
                          r"a (?:big |huge )?fan of|mad about)\s+(?P<obj>.+)$", body, re.IGNORECASE)
        mp = re.match(r"^SUBJ\s+(?:really\s+|also\s+)?prefers\s+(?P<x>.+?)(?:\s+(?:over|to|rather than)\s+(?P<y>.+))?$",
                      body, re.IGNORECASE)
        if not m and mp:
            x, y = trim_np(mp.group("x")), trim_np(mp.group("y") or "")
            key = "prefers:" + "_vs_".join(sorted(filter(None, [value_terms(x, 2), value_terms(y, 2)])))
            return [make_fact(c, subj, key, x, f"{disp} prefers {x}" + (f" over {y}" if y else ""), "preference")]
    else:
        m = None
        m2 = re.match(r"^(?:no|not)\s+(?P<obj>[\w\s-]{2,30}?)\s+(?:please|for me|thanks)\b", t, re.IGNORECASE)
        if m2:
            return []
    if not m:
        return []
    verb = m.group("v").lower()
    obj = trim_np(m.group("obj"))
    more: list[Fact] = []
    split = re.search(r"\s+and\s+(?:also\s+)?(?P<v2>loves|likes|enjoys|hates|dislikes|adores|love|like|enjoy|hate|"
                      r"dislike|cannot stand|can not stand)\s+(?P<o2>.+)$", obj)
    if split:
        obj = obj[:split.start()]
        head = "I " if subj == "user" else "SUBJ "
        sub = Clause(f"{head}{split.group('v2')} {split.group('o2')}", c.raw, c.event, False, False, False,
                      c.dated, c.times)
        more = taste(sub, ctx, sub.text, subj, disp)
    pair = re.fullmatch(r"(?P<a>[\w'-]+(?:\s+[\w'-]+){0,2})\s+and\s+(?P<b>[\w'-]+(?:\s+[\w'-]+){0,2})", obj)
    if pair and is_activity(pair.group("a")) and is_activity(pair.group("b")):
        # "I love hiking and photography": two pastimes, two records ("fish and chips" is one dish)
        said = (t if subj == "user" else body)[:m.start("obj")] + pair.group("b")
        sub = Clause(said, c.raw, c.event, False, False, False, c.dated, c.times)
        obj, more = pair.group("a"), [*taste(sub, ctx, said, subj, disp), *more]
    if re.match(r"^(?:to|it|that|this|them|you|him|her|those|these|the idea|the sound)\b", obj, re.IGNORECASE):
        if obj.lower().startswith("it") and ctx.last_object:
            obj = ctx.last_object + obj[2:]
        elif obj.lower().startswith("to "):
            obj = obj[3:]
        else:
            return []
    obj = strip_article(re.sub(r"^(?:anything|everything|all things)\s+(?:with|about|to do with)\s+", "", obj))
    obj = obj.strip()
    if not obj or len(obj.split()) > 8:
        return []
    negative = bool(re.search(r"hate|dislike|detest|cannot stand|can not stand|loathe|not|no longer", verb))
    no_longer = "no longer" in verb or re.search(r"\b(?:anymore|any more)\b", t, re.IGNORECASE) is not None
    if negative:
        word = "No longer enjoys" if no_longer else ("Dislikes" if "not" in verb or "dislike" in verb
                                                     else "Hates" if "hate" in verb else "Dislikes")
    else:
        word = "Loves" if "love" in verb or "adore" in verb or "crazy" in verb or "obsessed" in verb \
            else "Enjoys" if "enjoy" in verb else "Likes"
    obj_text = re.sub(r"\bmy\b", "their", obj)
    summary = f"{word} {obj_text}" if subj == "user" else f"{disp} {word.lower()} {obj_text}"
    head = re.sub(r"\s+(?:more than|better than|over)\s+.*$", "", obj)
    return [make_fact(c, subj or "user", taste_key(head), "dislike" if negative else "like", summary, "preference",
                      switch=_switch(c, head, negative)), *more]




@rule("preferences")
def prefer_over(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I prefer trains over planes", "we generally prefer aisle tables"."""
    m = re.search(r"^(?:I|we)\s+(?:much\s+|really\s+|generally\s+|usually\s+|also\s+)?prefer\s+(?P<x>.+?)"
                  r"(?:\s+(?:over|to|rather than|instead of)\s+(?P<y>.+))?$", c.text, re.IGNORECASE)
    if not m:
        return None
    x = trim_np(m.group("x"))
    y = trim_np(m.group("y") or "")
    if not x or x.lower() in ("it", "that", "this"):
        return None
    key = "prefers:" + "_vs_".join(sorted(filter(None, [value_terms(x, 2), value_terms(y, 2)])))
    return [make_fact(c, "user", key, x, f"Prefers {x}" + (f" over {y}" if y else ""), "preference")]


@rule("preferences")
def instruction(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Please always give me the metric units", "never suggest pork from now on": a standing instruction."""
    t = c.text
    if not (t and PERSIST.search(t) and re.match(r"^(?:please\s+)?(?:always|never|do not|from now on|"
                                                 r"going forward|in (?:the )?future|please)\b", t, re.IGNORECASE)):
        return None
    instr = re.sub(r"^(?:please\s+)", "", t, flags=re.IGNORECASE)
    instr = re.sub(r"\s*(?:from now on|going forward|in (?:the )?future),?\s*", " ", instr, flags=re.IGNORECASE).strip()
    if len(instr.split()) < 2:
        return None
    instr = re.sub(r"\bme\b", "them", re.sub(r"\bmy\b", "their", instr))
    return [make_fact(c, "user", f"instruction:{value_terms(instr, 3)}", instr, "Instruction: " + cap(instr),
                      "preference")]


@rule("preferences")
def all_about(c: Clause, ctx: Context) -> list[Fact] | None:
    """"These days it's all about chess", "it's all about bouldering now": a current interest."""
    m = re.match(r"^it is\s+(?:now\s+)?all about\s+(?P<x>[\w\s'-]{2,30}?)(?:\s+now)?$", c.text, re.IGNORECASE)
    if not m:
        return None
    x = strip_article(m.group("x").strip())
    return [make_fact(c, "user", taste_key(x), "like", f"Into {x}", "preference", switch=_switch(c, x))]
