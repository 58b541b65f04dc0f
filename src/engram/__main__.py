"""``python -m engram`` is the ``engram`` command."""

import sys

from .cli import main

sys.exit(main())
