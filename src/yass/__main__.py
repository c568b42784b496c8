"""``python -m yass``: the same as the ``yass`` command."""

from yass.cli import main

raise SystemExit(main())
