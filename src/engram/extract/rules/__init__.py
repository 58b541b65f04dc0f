"""The offline rules, one module per family. Importing this package registers them all, in this order.

:data:`MODULES` (and the order of the functions in each module) is the order rules are tried within a
group; see :mod:`engram.extract.registry`. The modules are imported by name so that the order is stated
once, here, and no import sorter can change it.
"""

from __future__ import annotations

from importlib import import_module

MODULES = ("mentions", "preferences", "tastes", "personal", "work", "health", "details", "retractions",
           "relations", "events", "generic")

for _name in MODULES:
    import_module(f"{__name__}.{_name}")
