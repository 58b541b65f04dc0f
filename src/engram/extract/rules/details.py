"""Group ``user`` (last part): attributes said as "my X is Y", states ("I'm fully remote"), contact details."""

from __future__ import annotations

import re

from ...core.consolidate import norm_key
from ..base import Clause, Context, Fact, make_fact, when_suffix
from ..lexicon import EVENT_NOUNS_SET, REL_ADJ, REL_RE, TRANSIENT
from ..registry import rule
from ..text import cap, third_person, tidy, trim_np, value_terms

_MY = r"^(?:(?i:my|our)\s+(?:(?i:new|current)\s+)?|(?i:new)\s+)"  # "my X is", "our new X is", "new X is"


@rule("user")
def my_x_is(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My days off are Mondays and Tuesdays", "my goal is to pass N3 in December", "new employer is the Leung family"
    (not "my exam is on...")."""
    m = re.match(_MY + r"(?P<what>(?!" + REL_ADJ + r"(?:" + REL_RE + r")\b)[a-z][\w\s-]{1,30}?)\s+(?:is|are)\s+"
                 r"(?P<val>.+)$", c.text)
    if not m or re.match(r"^(?:not|a bit|so|very|too|really|kind of|quite|getting|going|being|still|due|on|at|in|"
                         r"this|next|tomorrow|today)\b", m.group("val")) \
            or any(w.rstrip("s") in EVENT_NOUNS_SET for w in m.group("what").split()) \
            or re.search(r"\b(?:name|email|e-mail|phone|mobile|address|birthday|favourite)\b", m.group("what")):
        return None
    what = m.group("what").strip()
    mv = re.match(_MY + re.escape(what) + r"\s+(?:is|are)\s+(?P<val>.+)$", c.dated)
    val = trim_np(mv.group("val") if mv else m.group("val"))
    if not val or len(val.split()) > 10:
        return None
    verb = "are" if what.endswith("s") and not what.endswith("ss") else "is"
    return [make_fact(c, "user", norm_key(what), val, f"{cap(what)} {verb} {val}", "fact")]


@rule("user")
def payment_card(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I pay with my Visa ending 4421"."""
    m = re.search(r"\b(?P<brand>visa|mastercard|amex|american express|debit card|credit card|card)\s+ending\s+"
                  r"(?:in\s+)?(?P<d>\d{4})\b", c.text, re.IGNORECASE)
    if not m:
        return None
    brand = m.group("brand") if m.group("brand").lower().startswith(("debit", "credit", "card")) else \
        m.group("brand").capitalize()
    return [make_fact(c, "user", "card", m.group("d"), f"Pays with {brand} ending {m.group('d')}", "fact")]


@rule("user")
def state(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm fully remote now", "I'm pregnant, due in August", "I'm on a tight budget"."""
    m = re.match(r"^I\s+am\s+(?:(?:now|currently|still|also|officially|finally|usually|always|often|sometimes|"
                 r"normally|generally)\s+)*(?P<x>.+)$", c.text)
    if not m:
        return None
    x = trim_np(m.group("x"))
    first = x.split()[0].lower() if x else ""
    if not x or len(x.split()) > 5 or first in TRANSIENT or first.endswith("ing") or re.match(
            r"^(?:a|an|the|in|at|from|to|with|for|about|not|no|so|very|really|just|such|here|there|\d)", x,
            re.IGNORECASE):
        return None
    summary = tidy(third_person(c.dated)) if c.times else f"Is {x}"
    return [make_fact(c, "user", f"is:{value_terms(x, 3)}", x, summary, "fact")]


@rule("user")
def email(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My email is dana@example.com"."""
    m = re.search(r"\b(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\b", c.text)
    if not m or not re.search(r"\b(?:my|email|e-mail|reach me|contact me)\b", c.text, re.IGNORECASE):
        return None
    address = m.group("email").rstrip(".")
    return [make_fact(c, "user", "email", address, f"Email address is {address}", "fact")]


@rule("user")
def phone(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My mobile number is +44 7700 900123", "my new phone number is 555-0199"."""
    m = re.search(r"\bmy\s+(?:new\s+)?(?:phone|mobile|cell|telephone)(?:\s+number)?\s+is\s+"
                  r"(?P<p>\+?[\d][\d\s().-]{5,}\d)", c.text, re.IGNORECASE)
    if not m:
        return None
    return [make_fact(c, "user", "phone", m.group("p"), f"Phone number is {m.group('p')}", "fact")]


@rule("user")
def address(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My new address is 12 Rua Augusta, Lisbon (since March)"."""
    m = re.search(r"(?:^|\bmy\s+)(?:new\s+|home\s+|current\s+)?address\s+is\s+(?P<addr>.+?)"
                  r"(?:,?\s+(?:since|from|as of)\b(?P<since>.*))?$", c.text, re.IGNORECASE)
    if not m:
        return None
    addr = m.group("addr").strip(" ,.")
    began = when_suffix(c)
    note = f" ({began.replace('in ', 'since ', 1)})" if began and m.group("since") else ""
    return [make_fact(c, "user", "address", addr, f"Address is {addr}{note}", "fact")]
