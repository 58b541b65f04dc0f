"""Shared test helpers and data, one module a concept. Test modules import from here, never from each other
(``tests/test_test_imports.py`` checks it)."""
